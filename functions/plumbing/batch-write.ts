import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './aws.ts';
import { databaseBusy, isServiceUnavailable } from './errors.ts';
import { inPool } from './pool.ts';
import { backoffDelay, pause, type Backoff } from './retry.ts';

type Item = Record<string, unknown>;

/** One put or delete of a BatchWriteItem. */
export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

type BatchInput = { RequestItems: Record<string, WriteRequest[]> };
export type BatchWriteSend = (input: BatchInput) => Promise<{ UnprocessedItems?: Record<string, WriteRequest[]> }>;

/** BatchWriteItem takes at most 25 requests per call. */
export const BATCH_WRITE_MAX = 25;
/** Calls of one batch before giving up, as batch reads (plumbing/batch-get.ts): about 1.5 s of backoff at most. */
export const BATCH_WRITE_TRIES = 6;

export interface BatchWriteOptions {
  /** Batches in flight at once (default 1: one after the other). */
  writers?: number;
  /** Calls of one batch before the write fails (default BATCH_WRITE_TRIES). */
  tries?: number;
  /** How the waits between calls of one batch grow (default: 50 · 2^n ms, full jitter). */
  backoff?: Backoff;
  /** Injected in tests: the DynamoDB call and the pause between calls. */
  send?: BatchWriteSend;
  wait?: (ms: number) => Promise<unknown>;
}

const sendBatch: BatchWriteSend = (input) => db.send(new BatchWriteCommand(input as never)) as never;

/**
 * Writes (puts or deletes) items 25 per BatchWriteItem, `writers` batches in flight. What DynamoDB
 * leaves unprocessed, and a batch that timed out or was throttled, is sent again after a growing
 * wait (the same put or delete sent twice is harmless). After `tries` calls the write fails: with
 * the database's last error, or 503 when items were still left unprocessed — never a silently
 * shorter write (docs/decisions/0425).
 */
export async function batchWriteAll(requests: readonly WriteRequest[], options: BatchWriteOptions = {}): Promise<void> {
  const { writers = 1, tries = BATCH_WRITE_TRIES, backoff = { base: 50 }, send = sendBatch, wait = pause } = options;
  const table = tableName();
  const chunks: WriteRequest[][] = [];
  for (let at = 0; at < requests.length; at += BATCH_WRITE_MAX) chunks.push(requests.slice(at, at + BATCH_WRITE_MAX));
  await inPool(chunks, Math.max(1, writers), async (chunk) => {
    let pending = chunk;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= tries) throw databaseBusy();
      if (attempt > 0) await wait(backoffDelay(attempt, backoff));
      try {
        pending = (await send({ RequestItems: { [table]: pending } })).UnprocessedItems?.[table] ?? [];
      } catch (error) {
        if (!isServiceUnavailable(error) || attempt + 1 >= tries) throw error;
      }
    }
  });
}
