import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENV } from '#shared/data/design.ts';
import { batchWrite, PROVIDER_WRITE_TRIES } from './provider-records.ts';

/** The import's retries (ADR 0330): a timed-out or throttled batch is sent again; other errors stop it. */
const timeout = () => Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
const noWait = async () => undefined;
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: 'P', sk: String(i) } } }));

describe('provider import writes', () => {
  const before = process.env[ENV.tableName];
  beforeEach(() => void (process.env[ENV.tableName] = 'T'));
  afterEach(() => void (before === undefined ? delete process.env[ENV.tableName] : (process.env[ENV.tableName] = before)));

  it('sends every item once a timed-out batch is retried, and what DynamoDB left unprocessed too', async () => {
    const written = new Set<string>();
    let calls = 0;
    await batchWrite(
      items(60),
      async ({ RequestItems }) => {
        calls++;
        if (calls === 2) throw timeout();
        const batch = RequestItems.T! as { PutRequest: { Item: { sk: string } } }[];
        // A full batch: DynamoDB takes all but its last 5 items, which come back unprocessed.
        const taken = batch.length === 25 ? batch.slice(0, 20) : batch;
        for (const r of taken) written.add(r.PutRequest.Item.sk);
        return taken.length < batch.length ? { UnprocessedItems: { T: batch.slice(20) } } : {};
      },
      noWait,
    );
    expect(written.size).toBe(60);
    // 3 batches (25, 25, 10), the 2 full ones sent again for their last 5, and the timed-out call.
    expect(calls).toBe(6);
  });

  it('stops on an error that is not the database being busy', async () => {
    const refused = Object.assign(new Error('bad item'), { name: 'ValidationException' });
    let calls = 0;
    const write = batchWrite(items(3), async () => {
      calls++;
      throw refused;
    }, noWait);
    await expect(write).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('gives up on a batch after PROVIDER_WRITE_TRIES timeouts, its waits doubling up to 4 s', async () => {
    let calls = 0;
    const waits: number[] = [];
    const write = batchWrite(items(1), async () => {
      calls++;
      throw timeout();
    }, async (ms) => void waits.push(ms));
    await expect(write).rejects.toThrow('Request timed out');
    expect(calls).toBe(PROVIDER_WRITE_TRIES);
    expect(waits).toHaveLength(PROVIDER_WRITE_TRIES - 1);
    for (const [i, ms] of waits.entries()) expect(ms).toBeLessThanOrEqual(Math.min(4_000, 50 * 2 ** (i + 1)));
  });
});
