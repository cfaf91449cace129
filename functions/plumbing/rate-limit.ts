import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './aws.ts';
import { keys } from './keys.ts';

/**
 * Fixed-window rate limits kept in the table (docs/decisions/0090-login-and-feedback-limits.md):
 * one counter item per (scope, subject, window), expired by TTL. A unit is taken with one
 * conditional ADD, so concurrent callers never lose a count and never pass the limit together.
 */
export interface RateRule {
  /** Names the limit in the key (`LOGINIP`, `FEEDBACK`). */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** A unit taken from one window; give it back with `release` when it should not count. */
export interface RateSlot {
  rule: RateRule;
  subject: string;
  windowStart: number;
}

const windowStartOf = (rule: RateRule, now: number): number => now - (now % (rule.windowSeconds * 1000));

const conditionFailed = (error: unknown): boolean => (error as Error | null)?.name === 'ConditionalCheckFailedException';

/** Takes one unit of the subject's current window; undefined when `limit` units are already taken. */
export async function take(rule: RateRule, subject: string, now = Date.now()): Promise<RateSlot | undefined> {
  const windowStart = windowStartOf(rule, now);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(rule.scope, subject, windowStart),
        UpdateExpression: 'SET #ttl = if_not_exists(#ttl, :ttl) ADD #n :one',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
        ExpressionAttributeNames: { '#n': 'taken', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': rule.limit, ':ttl': Math.ceil(windowStart / 1000) + rule.windowSeconds },
      }),
    );
    return { rule, subject, windowStart };
  } catch (error) {
    if (conditionFailed(error)) return undefined;
    throw error;
  }
}

/** Gives a taken unit back to the window it came from (e.g. a login that succeeded). */
export async function release(slot: RateSlot): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(slot.rule.scope, slot.subject, slot.windowStart),
        UpdateExpression: 'ADD #n :minus',
        ConditionExpression: '#n > :zero',
        ExpressionAttributeNames: { '#n': 'taken' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    // The window expired and was removed meanwhile: nothing left to give back.
    if (!conditionFailed(error)) throw error;
  }
}

/** Seconds until the window that holds `now` ends (how long a refused caller waits at most). */
export const secondsLeft = (rule: RateRule, now = Date.now()): number => Math.ceil((windowStartOf(rule, now) + rule.windowSeconds * 1000 - now) / 1000);
