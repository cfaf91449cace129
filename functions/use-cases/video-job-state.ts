import { hostname } from 'node:os';
import { VIDEO_ERRORS } from '#shared/workflows/video.ts';
import { getVideo, type StoredVideo } from '../storage/videos.ts';

/**
 * The video job's bookkeeping that its queue and mark steps share with the render step, apart from
 * video-job.ts so that those steps do not load the S3 client and ffmpeg's plumbing (ADR 0410).
 * Errors carry the names the workflow's Retry and Catch match (VIDEO_ERRORS).
 */
export class VideoJobError extends Error {
  constructor(kind: keyof typeof VIDEO_ERRORS, message: string) {
    super(message);
    this.name = VIDEO_ERRORS[kind];
  }
}

/** Where this job runs, shown in the monitor's `vm` column. */
export function runnerName(env: NodeJS.ProcessEnv = process.env): string {
  const fn = env.AWS_LAMBDA_FUNCTION_NAME;
  return fn ? `Lambda ${fn}` : `local runner on ${hostname()}`;
}

export async function videoOrFail(id: number): Promise<StoredVideo> {
  const video = await getVideo(id);
  if (!video) throw new VideoJobError('input', `Video ${id} does not exist.`);
  return video;
}

export interface RenderedVideo {
  video_id: number;
  mp4_key: string;
  instagram_key: string;
  duration_s: number;
}

/** The failure's message from a Catch's error output: locally the message, in AWS Lambda's JSON cause. */
export function failureMessage(error: { Error?: string; Cause?: string } | undefined): string {
  if (!error) return 'Unknown error.';
  let cause = error.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    if (parsed.errorMessage) cause = parsed.errorMessage;
  } catch {
    /* a plain message */
  }
  return `${error.Error ?? 'Error'}: ${cause}`.trim();
}
