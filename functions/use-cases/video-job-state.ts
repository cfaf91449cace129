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

/**
 * Where this job runs, shown in the monitor as 'Exécutée sur …' / 'Ran on …': the Lambda function's
 * name, or the local runner's host name. A name only, so the screen words it in its own language.
 */
export function runnerName(env: NodeJS.ProcessEnv = process.env): string {
  return env.AWS_LAMBDA_FUNCTION_NAME || hostname();
}

export async function videoOrFail(id: number): Promise<StoredVideo> {
  const video = await getVideo(id);
  if (!video) throw new VideoJobError('input', `Video ${id} does not exist.`);
  return video;
}

/**
 * The run a step works for (ADR 0610): the workflow's input carries the run number the API gave it
 * when it queued the video; an execution started before runs existed carries none (run 0).
 */
export interface VideoRunInput {
  video_id: number;
  run?: number;
}

export const runOf = (input: VideoRunInput): number => input.run ?? 0;

/** The run replaced by a reset: the step stops (not retried), and its marks are refused. */
export function supersededRun(video: Pick<StoredVideo, 'id' | 'run'>, run: number): VideoJobError {
  return new VideoJobError('input', `Run ${run} of video ${video.id} was replaced by run ${video.run} (a reset); it stops.`);
}

/** The video, when `run` is still its current run; else the step stops (`supersededRun`). */
export async function videoOfRunOrFail(id: number, run: number): Promise<StoredVideo> {
  const video = await videoOrFail(id);
  if (video.run !== run) throw supersededRun(video, run);
  return video;
}

export interface RenderedVideo {
  video_id: number;
  run: number;
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
