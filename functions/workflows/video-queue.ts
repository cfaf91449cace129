import { VIDEO_BUDGET } from '#shared/workflows/video.ts';
import { appendVideoLogs, markVideoRunning, takeVideoLock } from '../storage/videos.ts';
import { VideoJobError, runnerName, videoOrFail } from '../use-cases/video-job-state.ts';

/**
 * Video job step 1 (Queue): takes the listing + template run lock (conditional write) so two jobs
 * for them never render at once — a busy lock fails with VideoJobBusy, which the workflow retries
 * — then records the start and where the job runs.
 */
export async function handler(input: { video_id: number }): Promise<{ video_id: number }> {
  const video = await videoOrFail(input.video_id);
  if (!(await takeVideoLock(video, VIDEO_BUDGET.lockSeconds))) {
    await appendVideoLogs(video.id, ['Another job of this listing and template is running; waiting for it.']);
    throw new VideoJobError('busy', `Another job of listing ${video.listing_id} and template ${video.template_id} is running.`);
  }
  await markVideoRunning(video.id, runnerName());
  return { video_id: video.id };
}
