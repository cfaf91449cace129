import { VIDEO_MESSAGES, addVideoToQueue } from '#shared/catalogue/videos.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { enqueueVideo, getVideo } from '../storage/videos.ts';
import { startVideoJob, videoView } from '../use-cases/video-views.ts';

/** The admin queues a requested (or failed) video: status 1, and its job starts. */
export const handler = apiHandler(addVideoToQueue, async ({ videoId }, ctx) => {
  const video = await getVideo(videoId);
  if (!video) throw notFound('Video not found.');
  const queued = await enqueueVideo(video, [VideoCreationStatus.requested, VideoCreationStatus.failure], `Queued by user ${ctx.user.id}.`);
  if (!queued) throw conflict(VIDEO_MESSAGES.alreadyQueued);
  return { video: await videoView(await startVideoJob(queued)) };
});
