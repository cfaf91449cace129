import { isServiceUnavailable } from './errors.ts';

/**
 * Retries in one place (docs/decisions/0355): the one backoff formula of every loop that calls
 * DynamoDB again (batch reads, the import's batch writes, the half-day transaction, a transaction
 * through conflicts), and `patiently` for a call that may safely run twice.
 */

/** A pause of `ms` milliseconds. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `work` is done within `ms` (a rejection counts as done); it goes on either way, nothing cancels it. */
export async function doneWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How retries of one loop grow: the ceiling of retry n is base · 2^n ms, never above `cap`. */
export interface Backoff {
  base: number;
  cap?: number;
}

/**
 * The wait before retry `attempt` (1, 2, …): exponential backoff with full jitter, a random share
 * of the ceiling, so callers that failed together do not come back together. With random() = 1
 * (the ceilings) and base 50 ms: 100, 200, 400 ms…
 */
export function backoffDelay(attempt: number, { base, cap = Number.POSITIVE_INFINITY }: Backoff, random: () => number = Math.random): number {
  return random() * Math.min(cap, base * 2 ** attempt);
}

/** Patience for a long job (the provider import): 12 calls, waits up to 4 s, about 2 minutes of a database that does not answer. */
export const PATIENCE = { tries: 12, backoff: { base: 50, cap: 4_000 } } as const satisfies { tries: number; backoff: Backoff };

export interface PatientOptions {
  tries?: number;
  backoff?: Backoff;
  /** Injected in tests: the pause between tries. */
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * Runs a call, trying it again after a timeout, throttling, a 5xx or a dropped connection
 * (isServiceUnavailable): on a busy machine one slow answer must not fail a whole job. Only for
 * calls that may safely run twice (puts of the same item, reads). Other errors are thrown at once,
 * and the last one after `tries` calls.
 */
export async function patiently<T>(call: () => Promise<T>, { tries = PATIENCE.tries, backoff = PATIENCE.backoff, wait = pause }: PatientOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isServiceUnavailable(error) || attempt + 1 >= tries) throw error;
      await wait(backoffDelay(attempt + 1, backoff));
    }
  }
}
