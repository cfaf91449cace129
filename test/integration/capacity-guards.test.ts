import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { lockDay } from '#functions/storage/day-locks.ts';
import { addUnavailability } from '#functions/storage/unavailabilities.ts';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { ownDay, ownDays } from '../support/days.ts';

/** A write that takes a technician's capacity bumps the half-day guards, so a booking that read the day before re-checks. */
async function guardVersion(date: string, am: boolean): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.halfDay(date, am), ConsistentRead: true }));
  return Number(Item?.version ?? 0);
}

describe('capacity changes bump the half-day guards', () => {
  it('a day lock bumps both half-days of its day', async () => {
    const date = ownDay();
    const before = [await guardVersion(date, true), await guardVersion(date, false)];
    await lockDay(date, 1006);
    expect([await guardVersion(date, true), await guardVersion(date, false)]).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it('an unavailability bumps every day it covers, and only those', async () => {
    const [first, second, after] = ownDays(3) as [string, string, string];
    const before = await Promise.all([first, second, after].map((d) => guardVersion(d, true)));
    await addUnavailability(1007, new Date(dayStartMs(first) + 15 * 3_600_000).toISOString(), new Date(dayStartMs(second) + 10 * 3_600_000).toISOString(), 'garage');
    const now = await Promise.all([first, second, after].map((d) => guardVersion(d, true)));
    expect(now).toEqual([before[0]! + 1, before[1]! + 1, before[2]!]);
  });
});
