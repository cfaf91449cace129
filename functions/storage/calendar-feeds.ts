import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../plumbing/aws.ts';
import { conflict } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { hashToken } from '../plumbing/sessions.ts';
import { transact, type TransactItem } from '../plumbing/transact.ts';

/**
 * iCalendar feeds (docs/decisions/0190-icalendar-feed.md): a capture technician's private feed
 * URL carries a random token (256 bits); only its SHA-256 is stored, in two items written together:
 * the feed (token hash → technician) and the technician's pointer (technician → token hash), so a
 * new feed replaces the old one and a revoke deletes both. The token is shown once, when made.
 */

export const FEED_MESSAGES = {
  exists: 'A calendar feed already exists; replace it to get a new address (the old one stops working).',
  replaced: 'This calendar feed was replaced meanwhile; reload the page to see the current one.',
} as const;

export interface FeedState {
  active: boolean;
  created_at: string | null;
}

interface Pointer {
  token_hash: string;
  created_at: string;
}

async function pointerOf(userId: number): Promise<Pointer | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.calendarFeedOfUser(userId), ConsistentRead: true }));
  return Item ? { token_hash: String(Item.token_hash), created_at: String(Item.created_at) } : undefined;
}

export async function feedState(userId: number): Promise<FeedState> {
  const pointer = await pointerOf(userId);
  return { active: pointer !== undefined, created_at: pointer?.created_at ?? null };
}

/** The pointer still holds what was read (or is still absent): a concurrent change fails the transaction (409). */
function pointerUnchanged(read: Pointer | undefined): { ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown> } {
  return read ? { ConditionExpression: 'token_hash = :read', ExpressionAttributeValues: { ':read': read.token_hash } } : { ConditionExpression: 'attribute_not_exists(pk)' };
}

function oldFeedDeletion(read: Pointer | undefined): TransactItem[] {
  return read ? [{ Delete: { TableName: tableName(), Key: keys.calendarFeed(read.token_hash) } }] : [];
}

/** A new feed for the technician; an existing one is replaced only when asked (409 otherwise). Returns the token, shown once. */
export async function createFeed(userId: number, replace: boolean, now = new Date()): Promise<{ token: string; created_at: string }> {
  const read = await pointerOf(userId);
  if (read && !replace) throw conflict(FEED_MESSAGES.exists);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const created_at = now.toISOString();
  const { ConditionExpression, ExpressionAttributeValues } = pointerUnchanged(read);
  await transact([
    ...oldFeedDeletion(read),
    { Put: { TableName: tableName(), Item: { ...keys.calendarFeed(tokenHash), user_id: userId, created_at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.calendarFeedOfUser(userId), token_hash: tokenHash, created_at },
        ConditionExpression,
        ...(ExpressionAttributeValues ? { ExpressionAttributeValues } : {}),
      },
    },
  ]);
  return { token, created_at };
}

/** Revokes the feed made at `createdAt`: false when there is none, 409 when another replaced it meanwhile. */
export async function revokeFeed(userId: number, createdAt: string): Promise<boolean> {
  const read = await pointerOf(userId);
  if (!read) return false;
  if (read.created_at !== createdAt) throw conflict(FEED_MESSAGES.replaced);
  await transact([
    ...oldFeedDeletion(read),
    { Delete: { TableName: tableName(), Key: keys.calendarFeedOfUser(userId), ...pointerUnchanged(read) } },
  ]);
  return true;
}

/**
 * The pieces that revoke a user's feed, if any, in a transaction of their own write (ADR 0670): a
 * suspension or a role change ends the feed as it ends the sessions, so reinstating the user does
 * not bring back an address a lost phone may still hold.
 */
export async function feedRevocation(userId: number): Promise<TransactItem[]> {
  const read = await pointerOf(userId);
  // On the pointer as read: a feed made or replaced meanwhile fails the save (409), never left without a pointer to revoke it by.
  if (!read) return [{ ConditionCheck: { TableName: tableName(), Key: keys.calendarFeedOfUser(userId), ...pointerUnchanged(read) } }];
  return [...oldFeedDeletion(read), { Delete: { TableName: tableName(), Key: keys.calendarFeedOfUser(userId), ...pointerUnchanged(read) } }];
}

/** The technician a feed token belongs to, or undefined (unknown or revoked). */
export async function feedOwner(token: string): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.calendarFeed(hashToken(token)), ConsistentRead: true }));
  return typeof Item?.user_id === 'number' ? Item.user_id : undefined;
}
