import { randomUUID } from 'node:crypto';
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { bumpHalfDay } from './half-day.ts';

/** A technician's unavailabilities, in their user partition (part 2 §3 "Unavailability"; docs/data-model.md). */
export interface Unavailability {
  id: string;
  user_id: number;
  /** ISO instants. */
  start: string;
  end: string;
  summary: string;
}

function toUnavailability(item: Record<string, unknown>): Unavailability {
  return { id: String(item.id), user_id: Number(item.user_id), start: String(item.start), end: String(item.end), summary: String(item.summary ?? '') };
}

/** A technician's unavailabilities that overlap [from, to) (ISO instants): key range on the end, filter on the start. */
export async function unavailabilitiesOf(userId: number, from: string, to: string): Promise<Unavailability[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :max',
    FilterExpression: '#start < :to',
    ExpressionAttributeNames: { '#start': 'start' },
    ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':from': `${keys.unavailabilitiesPrefix}${from}`, ':max': `${keys.unavailabilitiesPrefix}\uffff`, ':to': to },
    ConsistentRead: true,
  });
  const out: Unavailability[] = items.map(toUnavailability);
  return out.filter((u) => u.end > from);
}

/**
 * Records an unavailability. It takes capacity away, so the half-day guards of the days it covers
 * are bumped in the same transaction: a booking that read those days before commits no more
 * (docs/decisions/0050). An unavailability over more than 49 days bumps the later days in
 * transactions of their own first, and is written last, with the first days' bumps: a failure
 * half-way leaves only bumps (harmless), so a retry does not record it twice.
 */
export async function addUnavailability(userId: number, start: string, end: string, summary = ''): Promise<Unavailability> {
  const u = { id: randomUUID(), user_id: userId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), summary };
  const bumps = daysCovered(u.start, u.end).flatMap((date) => [bumpHalfDay(date, true), bumpHalfDay(date, false)]);
  const put = { Put: { TableName: tableName(), Item: { ...keys.unavailability(userId, u.end, u.id), ...keys.unavailabilityIndex(u.id), ...u } } };
  const chunks = [...chunk(bumps.slice(98), 100), [put, ...bumps.slice(0, 98)]];
  for (const items of chunks) await db.send(new TransactWriteCommand({ TransactItems: items }));
  return u;
}

/** The business-local days an interval touches, in order. */
function daysCovered(startIso: string, endIso: string): string[] {
  const days: string[] = [];
  const last = localDateOf(Date.parse(endIso) - 1);
  for (let day = localDateOf(Date.parse(startIso)); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** One unavailability by its id alone (ACCESS.unavailabilityById), or undefined. */
export async function unavailabilityById(id: string): Promise<Unavailability | undefined> {
  const [item] = await queryAll(byIndex('unavailabilityById', keys.unavailabilityById(id)));
  return item ? toUnavailability(item) : undefined;
}

export async function removeUnavailability(u: Pick<Unavailability, 'user_id' | 'end' | 'id'>): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.unavailability(u.user_id, u.end, u.id) }));
}
