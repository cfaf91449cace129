import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './aws.ts';
import { backoffDelay, pause } from './retry.ts';

/**
 * One DynamoDB transaction made of pieces the storage modules build (each entity's module alone
 * composes its own items and conditions; ADR 0122): a use case or handler that must write
 * several entities at once joins their pieces and sends them here.
 */
export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
export type TransactItem = TransactItems[number];

/**
 * A retry of the SDK (a timed-out first attempt that DynamoDB did write) is no second write: the SDK
 * gives each call one ClientRequestToken (an idempotency token it generates when it builds the
 * request, before its retries), and DynamoDB, DynamoDB Local too, answers a repeat of a token within
 * 10 minutes as the success it was, where the new items' attribute_not_exists conditions would
 * otherwise cancel it (ADR 0355, test/integration/transact-retry.test.ts). A call of its own (a
 * retry after a cancellation) gets a new token, as it should: nothing of the cancelled one was written.
 */
export async function transact(items: TransactItems): Promise<void> {
  await db.send(new TransactWriteCommand({ TransactItems: items }));
}

const CONFLICT_TRIES = 8;
const CONFLICT_BACKOFF = { base: 20, cap: 1_000 } as const;

/**
 * A transaction on items that concurrent writers update as well (a day's counters): DynamoDB
 * cancels a transaction that meets another one on an item (TransactionConflict), and the SDK does
 * not retry that; it is sent again after a random, growing pause (8 tries). A condition that failed
 * is the caller's to handle: its cancellation codes are returned, and null when it committed.
 */
export async function transactThroughConflicts(items: TransactItems): Promise<string[] | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transact(items);
      return null;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.includes('ConditionalCheckFailed')) return codes;
      if (!codes?.includes('TransactionConflict') || attempt >= CONFLICT_TRIES) throw error;
      await pause(backoffDelay(attempt, CONFLICT_BACKOFF));
    }
  }
}

/** Whether an error is a cancelled transaction, and the cancellation code of each piece ('None' when it held). */
export function cancellationCodes(error: unknown): string[] | undefined {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * The piece a write adds for an item it starts to name (a zone, an offer, a package a user or a
 * booking now refers to): the item must still exist, and its `holder_stamp` changes, so a deletion
 * conditioned on the stamp it read before checking the holders fails instead of leaving a dangling
 * reference (docs/decisions/0133, 0167).
 */
export function holdPiece(table: string, key: Record<string, unknown>, stamp: string): TransactItem {
  return { Update: { TableName: table, Key: key, UpdateExpression: 'SET holder_stamp = :s', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':s': stamp } } };
}

/** The condition a deletion adds to hold only while no holder appeared since the stamp it read (null: never held). */
export function unheldSince(stamp: string | null): { condition: string; values: Record<string, unknown> } {
  return stamp === null
    ? { condition: 'attribute_not_exists(holder_stamp)', values: {} }
    : { condition: 'holder_stamp = :held', values: { ':held': stamp } };
}
