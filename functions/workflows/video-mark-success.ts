import { appendVideoLogs, markVideoUploaded, releaseVideoLock } from '../storage/videos.ts';
import { runOf, videoOrFail, type RenderedVideo } from '../use-cases/video-job-state.ts';

/**
 * Video job step 3 (MarkSuccess): status 2 with the MP4s, and the run lock released. A run that a
 * reset replaced meanwhile records nothing but a log line (ADR 0610): the newer run decides.
 */
export async function handler(input: RenderedVideo): Promise<{ video_id: number; status: number }> {
  const run = runOf(input);
  const video = await videoOrFail(input.video_id);
  const done = await markVideoUploaded({ id: video.id, run }, input);
  if (!done) await appendVideoLogs(video.id, [`Run ${run} finished after a reset replaced it (run ${video.run}); its result is not recorded.`]);
  await releaseVideoLock({ ...video, run });
  return { video_id: video.id, status: done?.status ?? video.status };
}
