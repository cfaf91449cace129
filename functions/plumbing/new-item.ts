import { isDeepStrictEqual } from 'node:util';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './aws.ts';
import type { TransactItem } from './transact.ts';

/** The Put of a new item: its condition is that no item is at its key yet (attribute_not_exists). */
export type NewItemPut = NonNullable<TransactItem['Put']>;

/**
 * Puts a new item (condition: no item at its key). When the SDK retries a Put whose first attempt
 * was written but not answered in time (a request timeout under load), the retry finds the item
 * already there: it is a success when the stored item IS the one written (same fields, same
 * created_at to the millisecond), decided by reading it back, and the condition failure otherwise
 * (ADR 0325, 0355).
 */
export async function putNewItem(put: NewItemPut): Promise<void> {
  try {
    await db.send(new PutCommand(put));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException' || !(await isStored(put))) throw error;
  }
}

/** Whether the item at the Put's key is exactly the item it writes (read strongly consistent). */
export async function isStored(put: NewItemPut): Promise<boolean> {
  const written = withoutUndefined(put.Item ?? {});
  const { Item } = await db.send(new GetCommand({ TableName: put.TableName, Key: { pk: written.pk, sk: written.sk }, ConsistentRead: true }));
  return Item !== undefined && isDeepStrictEqual(Item, written);
}

/** An item as DynamoDB stores it (the client leaves undefined attributes out). */
function withoutUndefined(item: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(item)) as Record<string, unknown>;
}
