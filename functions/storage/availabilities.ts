import { tableName } from '../plumbing/aws.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';
import { transact, cancellationCodes } from '../plumbing/transact.ts';
import { batchWriteAll } from '../plumbing/batch-write.ts';
import { bumpHalfDay } from './half-day.ts';

/**
 * Technicians' availabilities (part 2 §3 "Availability": date, user_id): one item per technician
 * and business day, in the user's partition. A technician takes shootings on a day only when one
 * is recorded (docs/decisions/0155-recorded-availability.md). This module alone writes them.
 */
export interface Availability {
  user_id: number;
  /** Business day YYYY-MM-DD (Quebec). */
  date: string;
}

function toAvailability(item: Record<string, unknown>): Availability {
  return { user_id: Number(item.user_id), date: String(item.date) };
}

/** A technician's availabilities from `from` to `to` (days, both included), by date. */
export async function availabilitiesOf(userId: number, from: string, to: string): Promise<Availability[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':from': keys.availability(userId, from).sk, ':to': keys.availability(userId, to).sk },
    ConsistentRead: true,
  });
  return items.map(toAvailability);
}

/** Which of these technicians have an availability recorded for the day (one consistent BatchGet). */
export async function availableOn(date: string, userIds: readonly number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const items = await batchGet(
    [...new Set(userIds)].map((id) => keys.availability(id, date)),
    { consistent: true },
  );
  return new Set(items.map((item) => Number(item.user_id)));
}

/**
 * Records whole-day availabilities (every user × every date). Recording one that exists changes
 * nothing. Adding capacity needs no half-day guard bump: a booking that read the day before saw
 * less, never more (docs/decisions/0050).
 */
export async function addAvailabilities(userIds: readonly number[], dates: readonly string[], now = new Date().toISOString()): Promise<Availability[]> {
  const all: Availability[] = [...new Set(userIds)].flatMap((user_id) => [...new Set(dates)].map((date) => ({ user_id, date })));
  await batchWriteAll(all.map((a) => ({ PutRequest: { Item: { ...keys.availability(a.user_id, a.date), ...a, created_at: now } } })));
  return all;
}

/**
 * Removes one availability. It takes capacity away, so both half-day guards of the day are bumped
 * in the same transaction (a booking that read the day before commits no more). False when there
 * was none.
 */
export async function removeAvailability(userId: number, date: string): Promise<boolean> {
  try {
    await transact([
      { Delete: { TableName: tableName(), Key: keys.availability(userId, date), ConditionExpression: 'attribute_exists(pk)' } },
      bumpHalfDay(date, true),
      bumpHalfDay(date, false),
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
