import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ENV } from '#shared/data/design.ts';
import {
  LOGIN_CLIENT_MAX_FAILURES,
  LOGIN_CLIENT_WINDOW_SECONDS,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
} from '#shared/rules/session.ts';
import { db, tableName } from './aws.ts';
import { tooManyRequests, waitText, type HttpError } from './errors.ts';
import { keys } from './keys.ts';
import { release, secondsLeft, take, type RateRule, type RateSlot } from './rate-limit.ts';

/**
 * Failed-login throttle per account, keyed by e-mail whether or not the account exists, so
 * answers never tell which e-mails exist: 5 failures within 15 minutes lock the account's
 * logins for 15 minutes. Each failure is its own item (TTL), counted by a Query, so
 * concurrent failures are never lost the way a read-modify-write counter would lose them.
 * In front of it, a limit per client address (docs/decisions/0090-login-and-feedback-limits.md).
 */
export async function lockedUntil(email: string, now = Date.now()): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.loginLock(email), ConsistentRead: true }));
  const until = Item?.locked_until as number | undefined;
  return until !== undefined && until > now ? until : undefined;
}

/** Records one failure of the account; answers when its lock ends when the account is now locked. */
export async function recordFailure(email: string, now = Date.now()): Promise<number | undefined> {
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
  if (Count < LOGIN_MAX_FAILURES) return undefined;
  const until = now + LOGIN_LOCK_SECONDS * 1000;
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.loginLock(email), locked_until: until, ttl: Math.ceil(until / 1000) } }));
  return until;
}

/** Failed password checks per client address: 50 per 15-minute window (shared/rules/session.ts). */
export const CLIENT_LIMIT: RateRule = { scope: 'LOGINIP', limit: LOGIN_CLIENT_MAX_FAILURES, windowSeconds: LOGIN_CLIENT_WINDOW_SECONDS };

/** 429 for a locked account, saying how long the lock still runs (it may have started minutes ago). */
export function accountLocked(until: number, now = Date.now()): HttpError {
  const seconds = (until - now) / 1000;
  return tooManyRequests(`Too many failed logins. Try again in ${waitText(seconds)}.`, seconds);
}

function clientLocked(now = Date.now()): HttpError {
  const seconds = secondsLeft(CLIENT_LIMIT, now);
  return tooManyRequests(`Too many failed logins from your address. Try again in ${waitText(seconds)}.`, seconds);
}

/**
 * The caller's address. In AWS the API's source IP is CloudFront's (the API is reached through
 * it), so the viewer's address comes from the CloudFront-Viewer-Address header CloudFront sets
 * (`ip:port`); locally there is no CloudFront and the header is never trusted.
 */
export function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = process.env[ENV.localMode] ? undefined : event.headers?.['cloudfront-viewer-address'];
  const port = viewer?.lastIndexOf(':') ?? -1;
  return limitSubject(viewer && port > 0 ? viewer.slice(0, port) : event.requestContext.http.sourceIp);
}

/**
 * What the client limit counts by: an IPv4 address (also when written IPv4-mapped), or the /64
 * network of an IPv6 address, since one IPv6 client holds a whole /64 and could rotate through it.
 */
export function limitSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Before any password is hashed (each scrypt costs 128 MiB): takes one attempt from the client's
 * window, then checks the account's lock. Refusals answer 429 without hashing. The slot answered
 * must be settled with `settlePasswordAttempt`.
 */
export async function guardPasswordAttempt(email: string, client: string, log: (...parts: unknown[]) => void): Promise<RateSlot> {
  const slot = await take(CLIENT_LIMIT, client);
  if (!slot) {
    log('password check refused: client throttled', { client });
    throw clientLocked();
  }
  const until = await lockedUntil(email);
  if (until) {
    await release(slot);
    log('password check refused: account throttled');
    throw accountLocked(until);
  }
  return slot;
}

/**
 * After the check: a right password gives the client's attempt back (only failures count), a
 * wrong one keeps it and counts toward the account's lock. Answers when the lock ends when this
 * failure locked the account.
 */
export async function settlePasswordAttempt(slot: RateSlot, email: string, ok: boolean): Promise<number | undefined> {
  if (ok) {
    await release(slot);
    return undefined;
  }
  return recordFailure(email);
}
