import { appendVideoLogs, markVideoFailed, releaseVideoLock } from '../storage/videos.ts';
import { failureMessage, runOf, videoOrFail, type VideoRunInput } from '../use-cases/video-job-state.ts';

/**
 * The video job's failure state (MarkFailure, then Fail): status 3, the error added to the video's
 * errors and log, and the run lock released when this run holds it. The mark is refused when a
 * reset replaced this run or the video is uploaded (ADR 0610): the failure is then only logged, so
 * a late failure never hides a finished video nor a newer run.
 */
export async function handler(input: VideoRunInput & { error?: { Error?: string; Cause?: string } }): Promise<{ video_id: number; status: number }> {
  const run = runOf(input);
  const video = await videoOrFail(input.video_id);
  const message = failureMessage(input.error);
  const failed = await markVideoFailed({ id: video.id, run }, message, []);
  if (!failed) await appendVideoLogs(video.id, [`Run ${run} ended (${message}); not recorded: ${video.run !== run ? `run ${video.run} replaced it` : 'the video is uploaded'}.`]);
  await releaseVideoLock({ ...video, run });
  return { video_id: video.id, status: failed?.status ?? video.status };
}
