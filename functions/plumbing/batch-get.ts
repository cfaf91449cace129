import { BatchGetCommand, type BatchGetCommandInput, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './aws.ts';
import { databaseBusy } from './errors.ts';
import { backoffDelay, pause, type Backoff } from './retry.ts';

type Item = Record<string, unknown>;
type Keys = NonNullable<BatchGetCommandInput['RequestItems']>;

/** BatchGetItem takes at most 100 keys per call. */
export const BATCH_GET_MAX_KEYS = 100;
/** Calls per chunk before giving up: the first one and five retries (about 1.5 s of backoff at most). */
export const BATCH_GET_ATTEMPTS = 6;
/** Retry n waits up to 50 · 2^n ms (full jitter): 100, 200, 400 … 1,600 ms. */
export const BATCH_GET_BACKOFF: Backoff = { base: 50 };
/** Chunks in flight at once: enough to overlap round trips, few enough that a caller with thousands of keys does not flood the table. */
export const BATCH_GET_PARALLEL = 8;

export interface BatchGetOptions {
  consistent?: boolean;
  /** Only these attributes of each item (a ProjectionExpression; names are escaped, any name may be given). */
  attributes?: readonly string[];
  /** Injected in tests: the DynamoDB call and the pause between retries. */
  send?: (command: BatchGetCommand) => Promise<BatchGetCommandOutput>;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Every item of `keys` that exists (order not kept), read with BatchGetItem 100 keys at a time, the
 * chunks read together, BATCH_GET_PARALLEL at a time (their first calls are sent in order, without waiting for one another).
 * The keys DynamoDB leaves unprocessed (throttling, 16 MB answers) are asked again with exponential
 * backoff and full jitter (plumbing/retry.ts); after BATCH_GET_ATTEMPTS calls the request answers 503 rather than a
 * silently shorter list (issue 8 item 9, docs/decisions/0088-batch-get.md).
 */
export async function batchGet(keys: readonly Item[], options: BatchGetOptions = {}): Promise<Item[]> {
  const send = options.send ?? ((command: BatchGetCommand) => db.send(command));
  const sleep = options.sleep ?? pause;
  const table = tableName();
  const projection = options.attributes?.length
    ? {
        ProjectionExpression: options.attributes.map((_a, i) => `#p${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(options.attributes.map((a, i) => [`#p${i}`, a])),
      }
    : {};
  const readChunk = async (chunk: readonly Item[]): Promise<Item[]> => {
    const out: Item[] = [];
    let request: Keys | undefined = {
      [table]: { Keys: [...chunk], ...(options.consistent ? { ConsistentRead: true } : {}), ...projection },
    };
    for (let attempt = 0; request; attempt++) {
      if (attempt === BATCH_GET_ATTEMPTS) throw databaseBusy();
      if (attempt > 0) await sleep(backoffDelay(attempt, BATCH_GET_BACKOFF));
      const answer: BatchGetCommandOutput = await send(new BatchGetCommand({ RequestItems: request }));
      out.push(...((answer.Responses?.[table] ?? []) as Item[]));
      const left: Keys | undefined = answer.UnprocessedKeys;
      request = left && Object.values(left).some((k) => k.Keys?.length) ? left : undefined;
    }
    return out;
  };
  const chunks: Item[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX_KEYS) chunks.push(keys.slice(i, i + BATCH_GET_MAX_KEYS));
  const results: Item[][] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const i = next++;
      results[i] = await readChunk(chunks[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_GET_PARALLEL, chunks.length) }, worker));
  return results.flat();
}
