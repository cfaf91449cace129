import { getVideoJobLogs } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getVideo } from '../storage/videos.ts';

/** The log dialog of the job monitor: every line of every run, oldest first. */
export const handler = apiHandler(getVideoJobLogs, async ({ id }) => {
  const video = await getVideo(id);
  if (!video) throw notFound('Video job not found.');
  return { logs: video.logs };
});
