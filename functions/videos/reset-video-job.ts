import { VIDEO_MESSAGES, resetVideoJob } from '#shared/catalogue/videos.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, forbidden, notFound } from '../plumbing/errors.ts';
import { enqueueVideo, getVideo } from '../storage/videos.ts';
import { jobViews, startVideoJob } from '../use-cases/video-views.ts';

/**
 * Reset (part 3 §4): a job whose status is not 2 goes back in the queue (status 1) and runs again
 * as a new run (ADR 0610). A run still going (status 1) is replaced: it keeps the run lock until it
 * stops, so the new run waits for it and the two never render at once, and none of its marks
 * (uploaded, failed) is recorded any more.
 */
export const handler = apiHandler(resetVideoJob, async ({ id }, ctx) => {
  const video = await getVideo(id);
  if (!video) throw notFound('Video job not found.');
  if (video.status === VideoCreationStatus.success) throw conflict(VIDEO_MESSAGES.resetUploaded);
  // A requested video has never run: starting it is queueing it, which is an admin's (part 3 §4).
  if (video.status === VideoCreationStatus.requested && !isAdminLevel(ctx.user.role)) throw forbidden(VIDEO_MESSAGES.queueIsAdmins);
  const queued = await enqueueVideo(video, [VideoCreationStatus.requested, VideoCreationStatus.enqueued, VideoCreationStatus.failure], `Reset by user ${ctx.user.id}.`);
  if (!queued) throw conflict(VIDEO_MESSAGES.changedMeanwhile);
  const started = await startVideoJob(queued);
  const [job] = await jobViews([started]);
  return { job: job! };
});
