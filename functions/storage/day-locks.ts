import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { transactThroughConflicts, type TransactItem } from '../plumbing/transact.ts';
import { bumpHalfDay } from './half-day.ts';

/** Day locks: one item per (day, technician) whose day the planner locked (docs/data-model.md). */

export interface DayLock {
  tech_id: number;
  locked_by: number | null;
  locked_at: string | null;
}

/** The day's locks (tech_locks), read consistently. */
export async function dayLocks(date: string): Promise<DayLock[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.locksOfDay(date) }, ConsistentRead: true }),
  );
  return Items.filter((i) => i.locked !== false).map((i) => ({
    tech_id: Number(i.tech_id),
    locked_by: typeof i.locked_by === 'number' ? i.locked_by : null,
    locked_at: typeof i.locked_at === 'string' ? i.locked_at : null,
  }));
}

/** Ids of the technicians whose day is locked. */
export async function lockedTechnicians(date: string): Promise<Set<number>> {
  return new Set((await dayLocks(date)).map((l) => l.tech_id));
}

/**
 * Locks a technician's day; like an unavailability it takes capacity, so the day's half-day guards
 * are bumped with it. Bookings, assignments and other locks write those guards too: a transaction
 * that meets one of them is sent again (it has no condition of its own to fail).
 */
export async function lockDay(date: string, techId: number, byUserId: number | null = null): Promise<void> {
  await transactThroughConflicts([
    { Put: { TableName: tableName(), Item: { ...keys.dayLock(date, techId), date, tech_id: techId, locked: true, locked_by: byUserId, locked_at: new Date().toISOString() } } },
    bumpHalfDay(date, true),
    bumpHalfDay(date, false),
  ]);
}

export async function unlockDay(date: string, techId: number): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.dayLock(date, techId) }));
}

/** Transaction piece: the technician's day lock goes. */
export function dayUnlock(date: string, techId: number): TransactItem {
  return { Delete: { TableName: tableName(), Key: keys.dayLock(date, techId) } };
}

/** Transaction piece: the technician's day is (still) not locked. */
export function dayNotLocked(date: string, techId: number) {
  return { ConditionCheck: { TableName: tableName(), Key: keys.dayLock(date, techId), ConditionExpression: 'attribute_not_exists(pk)' } };
}
