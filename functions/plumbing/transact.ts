import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './aws.ts';

/**
 * One DynamoDB transaction made of pieces the storage modules build (each entity's module alone
 * composes its own items and conditions; ADR 0122): a use case or handler that must write
 * several entities at once joins their pieces and sends them here.
 */
export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
export type TransactItem = TransactItems[number];

export async function transact(items: TransactItems): Promise<void> {
  await db.send(new TransactWriteCommand({ TransactItems: items }));
}

/** Whether an error is a cancelled transaction, and the cancellation code of each piece ('None' when it held). */
export function cancellationCodes(error: unknown): string[] | undefined {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}
