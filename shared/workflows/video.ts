import { lambdaTask, type WorkflowDefinition } from './types.ts';

/**
 * The video job budget (ADR 0240): the Render Lambda has AWS Lambda's 15-minute ceiling and the
 * memory and /tmp it needs for ffmpeg; the run lock outlives the Render step, so a job that died
 * without releasing it frees its listing + template after `lockSeconds`.
 */
const BUSY_RETRY_INTERVAL_S = 30;
const BUSY_RETRY_ATTEMPTS = 40;
const RENDER_TIMEOUT_S = 900;
/** Render attempts after the first on a VideoTransientError (5 s, then 10 s apart). */
const RENDER_RETRIES = 2;

export const VIDEO_BUDGET = {
  /**
   * Longer than the slowest run that still ends by itself (every wait for the run lock, then every
   * render attempt, then the marks), with 5 minutes to spare: the workflow's own timeout cannot be
   * caught into MarkFailure, so a job that reached it would stay enqueued (status 1).
   */
  workflowTimeoutS: BUSY_RETRY_INTERVAL_S * BUSY_RETRY_ATTEMPTS + RENDER_TIMEOUT_S * (1 + RENDER_RETRIES) + 300,
  queueTimeoutS: 15,
  renderTimeoutS: RENDER_TIMEOUT_S,
  renderRetries: RENDER_RETRIES,
  markTimeoutS: 15,
  renderMemoryMb: 3008,
  renderEphemeralStorageMb: 4096,
  lockSeconds: 1200,
  /** A busy listing + template is tried again every 30 s, for up to 20 minutes. */
  busyRetryIntervalS: BUSY_RETRY_INTERVAL_S,
  busyRetryAttempts: BUSY_RETRY_ATTEMPTS,
} as const;

/** Errors the video tasks throw, by name (Step Functions matches Retry and Catch on them). */
export const VIDEO_ERRORS = {
  /** Another job of the same listing and template holds the run lock: retried. */
  busy: 'VideoJobBusy',
  /** A storage call failed transiently: retried. */
  transient: 'VideoTransientError',
  /** The input cannot make a video (no pictures, a missing picture): not retried. */
  input: 'VideoInputError',
  /** ffmpeg failed: not retried. */
  render: 'VideoRenderError',
} as const;

/** A mark's own errors (a throttled or briefly unavailable table), tried again a few times. */
const MARK_RETRY = { ErrorEquals: ['States.ALL'], IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 };

const failed = { Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailure' }] };

function withRetry(state: Record<string, unknown>, retry: Record<string, unknown>): Record<string, unknown> {
  return { ...state, Retry: [...(state.Retry as unknown[]), retry], ...failed };
}

/**
 * Automated video job (part 3 §4 "Video"; issue 15): queue (take the listing + template run
 * lock, mark the start) → render the MP4s with ffmpeg and upload them to the media bucket → mark
 * success; any error ends in MarkFailure, which records the error and log lines on the video, and
 * the Fail state. STANDARD: the API starts it and answers at once; the monitor follows it.
 */
export const videoWorkflow: WorkflowDefinition = {
  resource: 'videoWorkflow',
  type: 'STANDARD',
  definition: {
    Comment: 'Render an automated listing video: queue → render and upload → mark success; failures are recorded on the video.',
    StartAt: 'Queue',
    TimeoutSeconds: VIDEO_BUDGET.workflowTimeoutS,
    States: {
      Queue: withRetry(lambdaTask('Queue', { Next: 'Render' }), {
        ErrorEquals: [VIDEO_ERRORS.busy],
        IntervalSeconds: VIDEO_BUDGET.busyRetryIntervalS,
        MaxAttempts: VIDEO_BUDGET.busyRetryAttempts,
        BackoffRate: 1,
      }),
      Render: {
        ...withRetry(lambdaTask('Render', { Next: 'MarkSuccess' }), { ErrorEquals: [VIDEO_ERRORS.transient], IntervalSeconds: 5, MaxAttempts: VIDEO_BUDGET.renderRetries, BackoffRate: 2 }),
        TimeoutSeconds: VIDEO_BUDGET.renderTimeoutS,
      },
      // A mark that keeps failing (a throttled table) must not leave the video enqueued: the
      // success mark's failure is recorded by MarkFailure, which is tried longer still.
      MarkSuccess: withRetry(lambdaTask('MarkSuccess', { End: true }), MARK_RETRY),
      MarkFailure: { ...lambdaTask('MarkFailure', { Next: 'Failed' }), Retry: [MARK_RETRY, { ...MARK_RETRY, MaxAttempts: 6, IntervalSeconds: 10 }] },
      Failed: { Type: 'Fail', Error: 'VideoJobFailed', Cause: 'The video job failed; its errors and log lines are recorded on the video.' },
    },
  },
  tasks: {
    Queue: { module: 'functions/workflows/video-queue.ts', resources: ['table'], timeoutSeconds: VIDEO_BUDGET.queueTimeoutS },
    Render: {
      module: 'functions/workflows/video-render.ts',
      resources: ['table', 'mediaBucket'],
      timeoutSeconds: VIDEO_BUDGET.renderTimeoutS,
      memoryMb: VIDEO_BUDGET.renderMemoryMb,
      ephemeralStorageMb: VIDEO_BUDGET.renderEphemeralStorageMb,
      ffmpeg: true,
    },
    MarkSuccess: { module: 'functions/workflows/video-mark-success.ts', resources: ['table'], timeoutSeconds: VIDEO_BUDGET.markTimeoutS },
    MarkFailure: { module: 'functions/workflows/video-mark-failure.ts', resources: ['table'], timeoutSeconds: VIDEO_BUDGET.markTimeoutS },
  },
};
