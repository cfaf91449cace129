import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENV } from '#shared/data/design.ts';
import { BATCH_WRITE_TRIES, batchWriteAll, type BatchWriteSend } from './batch-write.ts';

/** Batch writes (ADR 0425; the provider import's retries, ADR 0330): nothing is left unwritten without an error. */
const timeout = () => Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
const noWait = async () => undefined;
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: 'P', sk: String(i) } } }));
const skOf = (r: unknown) => (r as { PutRequest: { Item: { sk: string } } }).PutRequest.Item.sk;

describe('batchWriteAll', () => {
  const before = process.env[ENV.tableName];
  beforeEach(() => void (process.env[ENV.tableName] = 'T'));
  afterEach(() => void (before === undefined ? delete process.env[ENV.tableName] : (process.env[ENV.tableName] = before)));

  it('sends every item once a timed-out batch is retried, and what DynamoDB left unprocessed too', async () => {
    const written = new Set<string>();
    let calls = 0;
    const send: BatchWriteSend = async ({ RequestItems }) => {
      calls++;
      if (calls === 2) throw timeout();
      const batch = RequestItems.T!;
      // A full batch: DynamoDB takes all but its last 5 items, which come back unprocessed.
      const taken = batch.length === 25 ? batch.slice(0, 20) : batch;
      for (const r of taken) written.add(skOf(r));
      return taken.length < batch.length ? { UnprocessedItems: { T: batch.slice(20) } } : {};
    };
    await batchWriteAll(items(60), { writers: 4, send, wait: noWait });
    expect(written.size).toBe(60);
    // 3 batches (25, 25, 10), the 2 full ones sent again for their last 5, and the timed-out call.
    expect(calls).toBe(6);
  });

  it('writes the batches one after the other unless told otherwise', async () => {
    let inFlight = 0;
    let most = 0;
    const send: BatchWriteSend = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return {};
    };
    await batchWriteAll(items(100), { send });
    expect(most).toBe(1);
    await batchWriteAll(items(100), { send, writers: 3 });
    expect(most).toBe(3);
  });

  it('stops on an error that is not the database being busy', async () => {
    const refused = Object.assign(new Error('bad item'), { name: 'ValidationException' });
    let calls = 0;
    const write = batchWriteAll(items(3), {
      send: async () => {
        calls++;
        throw refused;
      },
      wait: noWait,
    });
    await expect(write).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('gives up after `tries` timeouts with the last one, its waits doubling up to the cap', async () => {
    let calls = 0;
    const waits: number[] = [];
    const write = batchWriteAll(items(1), {
      tries: 12,
      backoff: { base: 50, cap: 4_000 },
      send: async () => {
        calls++;
        throw timeout();
      },
      wait: async (ms) => void waits.push(ms),
    });
    await expect(write).rejects.toThrow('Request timed out');
    expect(calls).toBe(12);
    expect(waits).toHaveLength(11);
    for (const [i, ms] of waits.entries()) expect(ms).toBeLessThanOrEqual(Math.min(4_000, 50 * 2 ** (i + 1)));
  });

  it('answers 503 when DynamoDB keeps items unprocessed, rather than a shorter write', async () => {
    let calls = 0;
    const write = batchWriteAll(items(2), {
      send: async ({ RequestItems }) => {
        calls++;
        // The first item goes through; the second comes back unprocessed every time.
        return { UnprocessedItems: { T: RequestItems.T!.filter((r) => skOf(r) === '1') } };
      },
      wait: noWait,
    });
    await expect(write).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(BATCH_WRITE_TRIES);
  });
});
