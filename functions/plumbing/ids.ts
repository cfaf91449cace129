import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
