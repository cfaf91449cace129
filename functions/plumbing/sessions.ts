import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SESSION_LIFETIME_SECONDS } from '#shared/rules/session.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { userRecord, type UserRecord } from '#shared/entities/user.ts';
import { db, tableName } from './aws.ts';
import { putNewItem } from './new-item.ts';
import { keys } from './keys.ts';
import { byIndex } from './query.ts';
import { batchWriteAll } from './batch-write.ts';
import type { TransactItem } from './transact.ts';

/**
 * Sessions: an opaque 256-bit random token; only its SHA-256 is stored, with a 15-day
 * absolute expiry enforced here and by the table's TTL. The session holds the user's id, role
 * and `session_version` stamp at login; every call reads the user too and the session is dead
 * once the user is gone, suspended, has another role or another stamp
 * (docs/decisions/0091-sessions-check-the-user.md).
 */
export interface Session {
  tokenHash: string;
  /** The user as they are now (names and e-mail read on this call). */
  user: SessionUser;
  session_version: number;
  created_at: string;
  expires_at: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** What a session tells about its user (the caller's `ctx.user`). */
export const sessionUserOf = ({ id, firstname, lastname, email, role }: UserRecord): SessionUser => ({ id, firstname, lastname, email, role });

/** A live session stamped anew (its user's `session_version` moved in the same transaction): the piece that keeps it alive. */
export function sessionRestamp(tokenHash: string, sessionVersion: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.session(tokenHash),
      UpdateExpression: 'SET session_version = :sv',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':sv': sessionVersion },
    },
  };
}

/** A new session of a user, stamped with the user's current `session_version` (0 when never bumped). */
export async function createSession(user: SessionUser, sessionVersion = 0, now = new Date()): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expires = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const session: Session = { tokenHash, user, session_version: sessionVersion, created_at: now.toISOString(), expires_at: expires.toISOString() };
  await putNewItem({
    TableName: tableName(),
    Item: {
      ...keys.session(tokenHash),
      ...keys.sessionByUser(user.id, session.created_at),
      user: session.user,
      session_version: session.session_version,
      created_at: session.created_at,
      expires_at: session.expires_at,
      ttl: Math.ceil(expires.getTime() / 1000),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return { token, session };
}

/**
 * The live session of a token, or undefined when unknown, revoked, past its expiry, or when its
 * user no longer matches it: deleted, suspended, another role, or a bumped `session_version`.
 * Two GetItems: the session, then its user (two more, consistent, before a refusal). The user item is read here directly, read-only
 * (storage/users.ts alone writes it): the wrapper checks sessions below the entity layer (ADR 0120).
 */
export async function findSession(token: string, now = new Date()): Promise<Session | undefined> {
  const tokenHash = hashToken(token);
  // Most checks pass on eventually consistent reads. A refusal is read again consistently before it
  // is answered: a session just made, or re-stamped with its user (one's own password change), must
  // not read as gone from a stale copy and log its user out.
  return (await sessionOf(tokenHash, now, false)) ?? sessionOf(tokenHash, now, true);
}

async function sessionOf(tokenHash: string, now: Date, consistent: boolean): Promise<Session | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.session(tokenHash), ConsistentRead: consistent }));
  if (!Item || Date.parse(Item.expires_at as string) <= now.getTime()) return undefined;
  const snapshot = Item.user as SessionUser;
  const sessionVersion = Number(Item.session_version ?? 0);
  const user = await sessionUserState(snapshot.id, consistent);
  if (!user || user.suspended || user.role !== snapshot.role || user.session_version !== sessionVersion) return undefined;
  return {
    tokenHash,
    user: sessionUserOf(user),
    session_version: sessionVersion,
    created_at: Item.created_at as string,
    expires_at: Item.expires_at as string,
  };
}

/** What a session check needs of its user: the record and the session stamp (0 when never bumped). */
async function sessionUserState(id: number, consistent: boolean): Promise<(UserRecord & { session_version: number }) | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: consistent }));
  const parsed = Item ? userRecord.safeParse(Item) : undefined;
  return parsed?.success ? { ...parsed.data, session_version: Number(Item!.session_version ?? 0) } : undefined;
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
        ...byIndex('sessionsByUser', keys.sessionsOfUser(userId)),
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    const doomed = (page.Items ?? []).filter((item) => item.pk !== keys.session(keepTokenHash ?? '').pk);
    await batchWriteAll(doomed.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })));
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
