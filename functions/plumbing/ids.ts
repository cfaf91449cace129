import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from './transact.ts';
import { db, tableName } from './aws.ts';
import { keys } from './keys.ts';

/**
 * Numeric ids (ARCHITECTURE §4): one atomic counter item per name. Every entity module takes its
 * ids here; the counter belongs to no entity (ADR 0120).
 */
export async function nextId(counter: string, floor = 0): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'SET #v = if_not_exists(#v, :floor) + :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1, ':floor': floor },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes!.value as number;
}

/**
 * Numbers without gaps (invoices): the last number given (`floor` when none yet), read consistently,
 * and the transaction piece that gives the next one only if no one gave it meanwhile. The number is
 * given with the write that uses it, so a failed write uses up none.
 */
export async function lastNumber(counter: string, floor: number): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.counter(counter), ConsistentRead: true }));
  return Item ? Number(Item.value) : floor;
}

export function nextNumberPiece(counter: string, last: number, floor: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'SET #v = :next',
      ConditionExpression: last === floor ? '(attribute_not_exists(#v) OR #v = :last)' : '#v = :last',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':next': last + 1, ':last': last },
    },
  };
}
