import { VIDEO_BUDGET } from '#shared/workflows/video.ts';
import { appendVideoLogs, markVideoRunning, takeVideoLock } from '../storage/videos.ts';
import { VideoJobError, runOf, runnerName, supersededRun, videoOfRunOrFail, videoOrFail, type VideoRunInput } from '../use-cases/video-job-state.ts';

/**
 * Video job step 1 (Queue): takes the listing + template run lock for this run of the video
 * (conditional write) so two jobs for them never render at once — a busy lock, also one held by an
 * older run of the same video that a reset replaced and that is still rendering, fails with
 * VideoJobBusy, which the workflow retries — then records the start and where the job runs. A run
 * that a reset replaced stops here (ADR 0610).
 */
export async function handler(input: VideoRunInput): Promise<{ video_id: number; run: number }> {
  const run = runOf(input);
  const video = await videoOfRunOrFail(input.video_id, run);
  if (!(await takeVideoLock({ ...video, run }, VIDEO_BUDGET.lockSeconds))) {
    await appendVideoLogs(video.id, ['Another job of this listing and template is running; waiting for it.']);
    throw new VideoJobError('busy', `Another job of listing ${video.listing_id} and template ${video.template_id} is running.`);
  }
  // Refused: a reset replaced this run meanwhile (MarkFailure frees the lock this run just took).
  if (!(await markVideoRunning({ id: video.id, run }, runnerName()))) throw supersededRun(await videoOrFail(video.id), run);
  return { video_id: video.id, run };
}
