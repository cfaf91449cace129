import { describe, expect, it } from 'vitest';
import { VIDEO_BUDGET, videoWorkflow } from './video.ts';

/**
 * A video job never stays enqueued (status 1) because the workflow ended where MarkFailure could not
 * record it: every step but MarkFailure is caught into it, MarkFailure tries again on any error, and
 * the workflow's own (uncatchable) timeout comes after the slowest run that ends by itself.
 */
describe('video workflow definition', () => {
  const states = videoWorkflow.definition.States;
  type Retrier = { ErrorEquals: string[]; IntervalSeconds: number; MaxAttempts: number; BackoffRate: number };

  it('catches every task but MarkFailure into MarkFailure', () => {
    for (const [name, state] of Object.entries(states)) {
      if (state.Type !== 'Task' || name === 'MarkFailure') continue;
      expect(state.Catch, name).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'MarkFailure' })]);
    }
  });

  it('tries MarkFailure again on any error', () => {
    const retries = states.MarkFailure!.Retry as Retrier[];
    expect(retries.some((r) => r.ErrorEquals.includes('States.ALL') && r.MaxAttempts >= 3)).toBe(true);
  });

  it('lets the slowest run that ends by itself finish before the workflow times out', () => {
    const waits = (retries: Retrier[], error: string) => {
      const r = retries.find((x) => x.ErrorEquals.includes(error))!;
      return Array.from({ length: r.MaxAttempts }, (_, i) => r.IntervalSeconds * r.BackoffRate ** i).reduce((a, b) => a + b, 0);
    };
    // Each wait for the run lock is one quick conditional write after the interval.
    const queue = waits(states.Queue!.Retry as Retrier[], 'VideoJobBusy');
    const renderRetry = (states.Render!.Retry as Retrier[]).find((r) => r.ErrorEquals.includes('VideoTransientError'))!;
    const render = waits(states.Render!.Retry as Retrier[], 'VideoTransientError') + VIDEO_BUDGET.renderTimeoutS * (1 + renderRetry.MaxAttempts);
    const marks = 2 * VIDEO_BUDGET.markTimeoutS;
    expect(queue).toBe(VIDEO_BUDGET.busyRetryIntervalS * VIDEO_BUDGET.busyRetryAttempts);
    expect(videoWorkflow.definition.TimeoutSeconds).toBeGreaterThan(queue + render + marks);
  });
});
