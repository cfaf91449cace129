import { abortError } from './errors.ts';

export interface BackoffOptions {
  /** First delay (ms); doubles at each attempt. */
  baseMs: number;
  maxMs: number;
  /** 0..1; jitter keeps parallel retries from hitting the server together. */
  random: () => number;
}

/** Delay before retry number `attempt` (0-based): base × 2^attempt, capped, with "equal jitter" (50–100 %). */
export function backoffDelay(attempt: number, { baseMs, maxMs, random }: BackoffOptions): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
