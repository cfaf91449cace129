import { createHash, randomBytes } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SESSION_LIFETIME_SECONDS } from '#shared/rules/session.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { db, tableName } from './aws.ts';
import { keys } from './keys.ts';

/**
 * Sessions: an opaque 256-bit random token; only its SHA-256 is stored, with a 15-day
 * absolute expiry enforced here and by the table's TTL. The session carries a snapshot of
 * the user (id, names, e-mail, role) so an authenticated call costs one GetItem.
 */
export interface Session {
  tokenHash: string;
  user: SessionUser;
  created_at: string;
  expires_at: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export async function createSession(user: SessionUser, now = new Date()): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expires = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const session: Session = { tokenHash, user, created_at: now.toISOString(), expires_at: expires.toISOString() };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.session(tokenHash),
        ...keys.sessionByUser(user.id, session.created_at),
        user: session.user,
        created_at: session.created_at,
        expires_at: session.expires_at,
        ttl: Math.ceil(expires.getTime() / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, session };
}

/** The live session of a token, or undefined when unknown, revoked or past its expiry. */
export async function findSession(token: string, now = new Date()): Promise<Session | undefined> {
  const tokenHash = hashToken(token);
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
  if (!Item || Date.parse(Item.expires_at as string) <= now.getTime()) return undefined;
  return { tokenHash, user: Item.user as SessionUser, created_at: Item.created_at as string, expires_at: Item.expires_at as string };
}

export async function revokeSession(tokenHash: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(tokenHash) }));
}

/** Revokes every session of a user, except optionally the one making the request. */
export async function revokeSessionsOfUser(userId: number, keepTokenHash?: string): Promise<number> {
  let revoked = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(userId) },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    const doomed = (page.Items ?? []).filter((item) => item.pk !== keys.session(keepTokenHash ?? '').pk);
    for (let i = 0; i < doomed.length; i += 25) {
      const chunk = doomed.slice(i, i + 25);
      await db.send(
        new BatchWriteCommand({
          RequestItems: { [tableName()]: chunk.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })) },
        }),
      );
    }
    revoked += doomed.length;
    start = page.LastEvaluatedKey;
  } while (start);
  return revoked;
}

/** Reads the bearer token of an API Gateway v2 event's headers. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
