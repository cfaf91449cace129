import { describe, expect, it } from 'vitest';
import { backoffDelay, PATIENCE, patiently } from './retry.ts';

/** Retries in one place (ADR 0355): one backoff formula, and `patiently` for calls that may run twice. */
const throttled = () => Object.assign(new Error('slow down'), { name: 'ThrottlingException' });

describe('backoffDelay', () => {
  it('doubles its ceiling with each retry (random() = 1), up to the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, { base: 25, cap: 800 }, () => 1));
    expect(ceilings).toEqual([50, 100, 200, 400, 800, 800, 800]);
    expect(backoffDelay(20, PATIENCE.backoff, () => 1)).toBe(4_000);
  });

  it('waits a random share of the ceiling (full jitter)', () => {
    expect(backoffDelay(3, { base: 50 }, () => 0)).toBe(0);
    expect(backoffDelay(3, { base: 50 }, () => 0.5)).toBe(200);
  });
});

describe('patiently', () => {
  it('retries throttling with waits of growing ceilings, then answers', async () => {
    const waits: number[] = [];
    let calls = 0;
    const answer = await patiently(
      async () => {
        if (++calls < 4) throw throttled();
        return 'ok';
      },
      { backoff: { base: 50 }, wait: async (ms) => void waits.push(ms) },
    );
    expect(answer).toBe('ok');
    expect(waits).toHaveLength(3);
    for (const [i, ms] of waits.entries()) expect(ms).toBeLessThanOrEqual(50 * 2 ** (i + 1));
  });

  it('throws an error that is not the service being busy at once', async () => {
    const refused = Object.assign(new Error('bad item'), { name: 'ValidationException' });
    let calls = 0;
    const call = patiently(async () => {
      calls++;
      throw refused;
    }, { wait: async () => undefined });
    await expect(call).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('gives up after `tries` calls with the last error', async () => {
    let calls = 0;
    const call = patiently(async () => {
      calls++;
      throw throttled();
    }, { tries: 3, wait: async () => undefined });
    await expect(call).rejects.toThrow('slow down');
    expect(calls).toBe(3);
  });
});
