import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import type { TransactItem, TransactItems } from '../plumbing/transact.ts';

/**
 * Half-day guards (docs/decisions/0050): one item per (day, AM/PM) whose version changes with
 * every write that changes who holds what in that half-day; `shooting_ids` lists the bookings
 * written into it. This module alone writes them; other entities' writes include its pieces.
 */
export interface HalfDayGuard {
  date: string;
  am: boolean;
  version: number;
  shooting_ids: number[];
}

export async function readGuard(date: string, am: boolean): Promise<HalfDayGuard> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.halfDay(date, am), ConsistentRead: true }));
  return { date, am, version: Number(Item?.version ?? 0), shooting_ids: [...((Item?.shooting_ids as Set<number> | undefined) ?? [])].map(Number) };
}

/**
 * The transaction item that bumps a half-day guard's version: any write that changes who holds
 * what in a half-day (dispatch, manual assignment, locks, unavailabilities) makes a concurrent
 * booking of that half-day re-check its availability.
 */
export function bumpHalfDay(date: string, am: boolean): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.halfDay(date, am),
      UpdateExpression: 'SET #date = :date, am = :am ADD version :one',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: { ':date': date, ':am': am, ':one': 1 },
    },
  };
}

type GuardAt = Pick<HalfDayGuard, 'date' | 'am' | 'version'>;

/**
 * guardItems for a write that took a technician's time on the strength of a day read at the guard
 * versions `versions` (PlanningDay.guards): a manual assignment or the dispatch's, into the
 * shooting's half-day (ADR 0645).
 */
export function dayGuardItems(date: string, am: boolean, versions: { am: number; pm: number }, shootingId: number): TransactItems {
  const at = (half: boolean): GuardAt => ({ date, am: half, version: half ? versions.am : versions.pm });
  return guardItems(at(am), at(!am), shootingId);
}

/** The condition that a guard is still at the version read (none yet: version 0). */
const unchanged = (g: GuardAt) => (g.version === 0 ? 'attribute_not_exists(pk)' : 'version = :v');

/** Transaction items: both half-days of a day are still at the versions a check read (an unlock that found the day fitting, ADR 0645). */
export function dayUnchanged(date: string, versions: { am: number; pm: number }): TransactItems {
  return [true, false].map((am) => {
    const g = { date, am, version: am ? versions.am : versions.pm };
    return { ConditionCheck: { TableName: tableName(), Key: keys.halfDay(date, am), ConditionExpression: unchanged(g), ...(g.version === 0 ? {} : { ExpressionAttributeValues: { ':v': g.version } }) } };
  });
}

/**
 * Transaction items of a booking into a half-day: bump the target guard's version (the one read)
 * and add the shooting to it; check that the other half-day of the day did not change either, as
 * a shooting of one half-day can run into the other.
 */
export function guardItems(target: GuardAt, other: GuardAt, shootingId: number): TransactItems {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.halfDay(target.date, target.am),
        UpdateExpression: 'SET version = :next, #date = :date, am = :am ADD shooting_ids :ids',
        ConditionExpression: unchanged(target),
        ExpressionAttributeNames: { '#date': 'date' },
        ExpressionAttributeValues: { ':next': target.version + 1, ':date': target.date, ':am': target.am, ':ids': new Set([shootingId]), ...(target.version === 0 ? {} : { ':v': target.version }) },
      },
    },
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.halfDay(other.date, other.am),
        ConditionExpression: unchanged(other),
        ...(other.version === 0 ? {} : { ExpressionAttributeValues: { ':v': other.version } }),
      },
    },
  ];
}

/** Records a shooting in its half-day's guard outside a booking transaction (demo data written directly). */
export async function addToHalfDay(date: string, am: boolean, shootingId: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.halfDay(date, am),
      UpdateExpression: 'SET version = if_not_exists(version, :zero) + :one, #date = :date, am = :am ADD shooting_ids :ids',
      ExpressionAttributeNames: { '#date': 'date' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':date': date, ':am': am, ':ids': new Set([shootingId]) },
    }),
  );
}
