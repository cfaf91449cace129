import { markVideoFailed, releaseVideoLock } from '../storage/videos.ts';
import { failureMessage, videoOrFail } from '../use-cases/video-job-state.ts';

/**
 * The video job's failure state (MarkFailure, then Fail): status 3, the error added to the video's
 * errors and log, and the run lock released when this job holds it.
 */
export async function handler(input: { video_id: number; error?: { Error?: string; Cause?: string } }): Promise<{ video_id: number; status: number }> {
  const video = await videoOrFail(input.video_id);
  const failed = await markVideoFailed(video.id, failureMessage(input.error), []);
  await releaseVideoLock(video);
  return { video_id: video.id, status: failed?.status ?? video.status };
}
