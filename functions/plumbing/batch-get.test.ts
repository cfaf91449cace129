import type { BatchGetCommand, BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { BATCH_GET_ATTEMPTS, BATCH_GET_MAX_KEYS, BATCH_GET_PARALLEL, batchGet } from './batch-get.ts';

const TABLE = 'batch-get-test';
beforeAll(() => {
  process.env.TABLE_NAME = TABLE;
});

type Key = { pk: string; sk: string };
const keyOf = (n: number): Key => ({ pk: `ITEM#${n}`, sk: 'ITEM' });

/** A fake BatchGetItem that answers at most `per` of the asked keys each call and leaves the rest unprocessed. */
function throttled(per: number, opts: { missing?: Set<string>; neverAnswer?: boolean } = {}) {
  const calls: number[] = [];
  /** Per call, the chunk (of 100 keys) its keys come from: the number of its first key ÷ 100. */
  const chunks: number[] = [];
  const send = (command: BatchGetCommand): Promise<BatchGetCommandOutput> => {
    const asked = command.input.RequestItems![TABLE]!.Keys as Key[];
    calls.push(asked.length);
    chunks.push(Math.floor(Number(asked[0]!.pk.slice('ITEM#'.length)) / 100));
    expect(asked.length).toBeLessThanOrEqual(100);
    const served = opts.neverAnswer ? [] : asked.slice(0, per);
    const left = opts.neverAnswer ? asked : asked.slice(per);
    return Promise.resolve({
      $metadata: {},
      Responses: { [TABLE]: served.filter((k) => !opts.missing?.has(k.pk)).map((k) => ({ ...k, value: k.pk })) },
      UnprocessedKeys: left.length ? { [TABLE]: { Keys: left } } : {},
    } as BatchGetCommandOutput);
  };
  return { send, calls, chunks };
}

describe('batchGet', () => {
  it('asks the unprocessed keys again until every item is back', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => keyOf(i));
    const { send, calls, chunks } = throttled(30);
    const pauses: number[] = [];
    const items = await batchGet(keys, { send, sleep: (ms) => (pauses.push(ms), Promise.resolve()) });
    expect(items.map((i) => i.pk).sort()).toEqual(keys.map((k) => k.pk).sort());
    // Chunks of 100, 100, 50 answered 30 at a time: 4 + 4 + 2 calls. The chunks are read together
    // (ADR 0325), so their calls interleave: the first calls go out in chunk order, and each
    // chunk's own calls come in exactly this order.
    expect(calls.slice(0, 3)).toEqual([100, 100, 50]);
    expect(chunks.slice(0, 3)).toEqual([0, 1, 2]);
    const callsOf = (chunk: number) => calls.filter((_n, i) => chunks[i] === chunk);
    expect([callsOf(0), callsOf(1), callsOf(2)]).toEqual([[100, 70, 40, 10], [100, 70, 40, 10], [50, 20]]);
    expect(calls).toHaveLength(10);
    expect(pauses).toHaveLength(calls.length - 3);
  });

  it('backs off exponentially between retries', async () => {
    const { send } = throttled(1);
    const pauses: number[] = [];
    const random = Math.random;
    Math.random = () => 1;
    try {
      await batchGet([keyOf(1), keyOf(2), keyOf(3), keyOf(4)], { send, sleep: (ms) => (pauses.push(ms), Promise.resolve()) });
    } finally {
      Math.random = random;
    }
    expect(pauses).toEqual([100, 200, 400]);
  });

  it('leaves out keys without an item', async () => {
    const { send } = throttled(2, { missing: new Set(['ITEM#1']) });
    const items = await batchGet([keyOf(0), keyOf(1), keyOf(2)], { send, sleep: () => Promise.resolve() });
    expect(items.map((i) => i.pk).sort()).toEqual(['ITEM#0', 'ITEM#2']);
  });

  it('answers 503 when the keys stay unprocessed', async () => {
    const { send, calls } = throttled(0, { neverAnswer: true });
    const error = await batchGet([keyOf(1)], { send, sleep: () => Promise.resolve() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(calls).toHaveLength(BATCH_GET_ATTEMPTS);
  });

  it('sends ConsistentRead only when asked', async () => {
    const seen: unknown[] = [];
    const send = (command: BatchGetCommand) => {
      seen.push(command.input.RequestItems![TABLE]!.ConsistentRead);
      return Promise.resolve({ $metadata: {}, Responses: { [TABLE]: [] } } as BatchGetCommandOutput);
    };
    await batchGet([keyOf(1)], { send, consistent: true });
    await batchGet([keyOf(1)], { send });
    await batchGet([], { send });
    expect(seen).toEqual([true, undefined]);
  });

  it('reads only the attributes asked, in every call of a chunk', async () => {
    const seen: unknown[] = [];
    const send = (command: BatchGetCommand) => {
      const { Keys, ProjectionExpression, ExpressionAttributeNames } = command.input.RequestItems![TABLE]!;
      seen.push({ ProjectionExpression, ExpressionAttributeNames });
      const asked = Keys as Key[];
      return Promise.resolve({
        $metadata: {},
        Responses: { [TABLE]: asked.slice(0, 1).map((k) => ({ id: k.pk })) },
        UnprocessedKeys: asked.length > 1 ? { [TABLE]: { ...command.input.RequestItems![TABLE]!, Keys: asked.slice(1) } } : {},
      } as BatchGetCommandOutput);
    };
    const items = await batchGet([keyOf(1), keyOf(2)], { send, sleep: () => Promise.resolve(), attributes: ['id', 'name'] });
    expect(items).toEqual([{ id: 'ITEM#1' }, { id: 'ITEM#2' }]);
    const projection = { ProjectionExpression: '#p0, #p1', ExpressionAttributeNames: { '#p0': 'id', '#p1': 'name' } };
    expect(seen).toEqual([projection, projection]);
  });

  it('sends every chunk before any answer comes back', async () => {
    const keys = Array.from({ length: 250 }, (_, i) => keyOf(i));
    const pending: Array<() => void> = [];
    const send = (command: BatchGetCommand) =>
      new Promise<BatchGetCommandOutput>((resolve) => {
        const asked = command.input.RequestItems![TABLE]!.Keys as Key[];
        pending.push(() => resolve({ $metadata: {}, Responses: { [TABLE]: asked } } as BatchGetCommandOutput));
        // Answers only once all three chunks are asked: sequential chunks would wait forever.
        if (pending.length === 3) pending.forEach((answer) => answer());
      });
    const items = await batchGet(keys, { send });
    expect(items).toHaveLength(250);
  });

  it('keeps at most BATCH_GET_PARALLEL chunks in flight', async () => {
    const keys = Array.from({ length: BATCH_GET_MAX_KEYS * (BATCH_GET_PARALLEL + 4) }, (_, i) => keyOf(i));
    let inFlight = 0;
    let most = 0;
    const send = async (command: BatchGetCommand) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return { $metadata: {}, Responses: { [TABLE]: command.input.RequestItems![TABLE]!.Keys as Key[] } } as BatchGetCommandOutput;
    };
    expect(await batchGet(keys, { send })).toHaveLength(keys.length);
    expect(most).toBe(BATCH_GET_PARALLEL);
  });
});
