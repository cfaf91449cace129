import { renderAndUpload } from '../use-cases/video-job.ts';
import { runOf, type RenderedVideo, type VideoRunInput } from '../use-cases/video-job-state.ts';

/** Video job step 2 (Render): both MP4s rendered with ffmpeg and uploaded to the media bucket, while this run is the video's current one. */
export async function handler(input: VideoRunInput): Promise<RenderedVideo> {
  return renderAndUpload(input.video_id, runOf(input));
}
