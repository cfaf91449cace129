import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '#shared/rules/session.ts';
import { db, tableName } from './aws.ts';
import { keys } from './keys.ts';

/**
 * Failed-login throttle per account, keyed by e-mail whether or not the account exists, so
 * answers never tell which e-mails exist: 5 failures within 15 minutes lock the account's
 * logins for 15 minutes. Each failure is its own item (TTL), counted by a Query, so
 * concurrent failures are never lost the way a read-modify-write counter would lose them.
 */
export async function lockedUntil(email: string, now = Date.now()): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.loginLock(email), ConsistentRead: true }));
  const until = Item?.locked_until as number | undefined;
  return until !== undefined && until > now ? until : undefined;
}

export async function recordFailure(email: string, now = Date.now()): Promise<void> {
  const { pk } = keys.loginFailure(email, now, '');
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.loginFailure(email, now, randomUUID()), ttl: Math.ceil(now / 1000) + LOGIN_FAILURE_WINDOW_SECONDS },
    }),
  );
  const { Count = 0 } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk > :since',
      ExpressionAttributeValues: { ':pk': pk, ':since': keys.loginFailure(email, now - LOGIN_FAILURE_WINDOW_SECONDS * 1000, '').sk },
      Select: 'COUNT',
      ConsistentRead: true,
    }),
  );
  if (Count >= LOGIN_MAX_FAILURES) {
    const until = now + LOGIN_LOCK_SECONDS * 1000;
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.loginLock(email), locked_until: until, ttl: Math.ceil(until / 1000) } }));
  }
}
