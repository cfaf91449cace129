import { markVideoUploaded, releaseVideoLock } from '../storage/videos.ts';
import { videoOrFail, type RenderedVideo } from '../use-cases/video-job-state.ts';

/** Video job step 3 (MarkSuccess): status 2 with the MP4s, and the run lock released. */
export async function handler(input: RenderedVideo): Promise<{ video_id: number; status: number }> {
  const video = await videoOrFail(input.video_id);
  const done = await markVideoUploaded(video.id, input);
  await releaseVideoLock(video);
  return { video_id: video.id, status: done?.status ?? video.status };
}
