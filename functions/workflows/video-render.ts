import { renderAndUpload } from '../use-cases/video-job.ts';
import type { RenderedVideo } from '../use-cases/video-job-state.ts';

/** Video job step 2 (Render): both MP4s rendered with ffmpeg and uploaded to the media bucket. */
export async function handler(input: { video_id: number }): Promise<RenderedVideo> {
  return renderAndUpload(input.video_id);
}
