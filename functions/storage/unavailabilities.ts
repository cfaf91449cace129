import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { userRecord, type UserRecord } from '#shared/entities/user.ts';
import { addDays, dayStartMs, localDateOf } from '#shared/catalogue/shootings.ts';
import { Role } from '#shared/roles.ts';
import type { TechnicianInput } from '#shared/planning/day.ts';
import type { LatLng } from '#shared/planning/travel.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { keys } from '../plumbing/keys.ts';
import { bumpHalfDay } from './half-day.ts';
import { queryAll } from '../plumbing/query.ts';

/**
 * Capture technicians as the planning needs them: profile (zones, skills, depot, home), depots,
 * unavailabilities and day locks (part 2 §3 "Tech / user", "Depot", "Unavailability"; docs/data-model.md).
 */
export interface Depot {
  id: number;
  civic_number: string;
  street: string;
  city: string;
  lat: number;
  lng: number;
}

export interface Unavailability {
  id: string;
  user_id: number;
  /** ISO instants. */
  start: string;
  end: string;
  summary: string;
}

export interface Technician {
  user: UserRecord;
  /** Where the day starts and ends: home when known, otherwise the depot. */
  start: LatLng | undefined;
}

/** Every user of role 4 (gsi1 `ROLE#4`), with their start point. */
export async function captureTechnicians(): Promise<Technician[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.userByRole(Role.tech_capture, '', 0).gsi1pk } });
  const users = items.map((item) => userRecord.safeParse(item)).flatMap((parsed) => (parsed.success && !parsed.data.suspended ? [parsed.data] : []));
  const depots = await depotsById([...new Set(users.map((u) => u.depot_id).filter((id): id is number => id !== null))]);
  return users.map((user) => {
    const depot = user.depot_id !== null ? depots.get(user.depot_id) : undefined;
    return { user, start: user.home ? { lat: user.home.lat, lng: user.home.lng } : depot ? { lat: depot.lat, lng: depot.lng } : undefined };
  });
}

export async function depotsById(ids: readonly number[]): Promise<Map<number, Depot>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.depot(id)));
  return new Map(items.map((item) => [Number(item.id), toDepot(item)]));
}

function toDepot(item: Record<string, unknown>): Depot {
  return { id: Number(item.id), civic_number: String(item.civic_number ?? ''), street: String(item.street ?? ''), city: String(item.city ?? ''), lat: Number(item.lat), lng: Number(item.lng) };
}

export async function insertDepot(depot: Depot): Promise<void> {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.depot(depot.id), ...keys.depotIndex(depot.id), ...depot, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
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
  const out: Unavailability[] = items.map((item) => ({ id: String(item.id), user_id: Number(item.user_id), start: String(item.start), end: String(item.end), summary: String(item.summary ?? '') }));
  return out.filter((u) => u.end > from);
}

/**
 * Records an unavailability. It takes capacity away, so the half-day guards of the days it covers
 * are bumped in the same transaction: a booking that read those days before commits no more
 * (docs/decisions/0050). An unavailability over more than 49 days bumps the later days in further
 * transactions.
 */
export async function addUnavailability(userId: number, start: string, end: string, summary = ''): Promise<Unavailability> {
  const u = { id: randomUUID(), user_id: userId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), summary };
  const bumps = daysCovered(u.start, u.end).flatMap((date) => [bumpHalfDay(date, true), bumpHalfDay(date, false)]);
  const put = { Put: { TableName: tableName(), Item: { ...keys.unavailability(userId, u.end, u.id), ...u } } };
  const chunks = [[put, ...bumps.slice(0, 98)], ...chunk(bumps.slice(98), 100)];
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

export async function removeUnavailability(u: Pick<Unavailability, 'user_id' | 'end' | 'id'>): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.unavailability(u.user_id, u.end, u.id) }));
}

/** Ids of the technicians whose day is locked. */
export async function lockedTechnicians(date: string): Promise<Set<number>> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.locksOfDay(date) }, ConsistentRead: true }),
  );
  return new Set(Items.filter((i) => i.locked !== false).map((i) => Number(i.tech_id)));
}

/** Locks a technician's day; like an unavailability it takes capacity, so the day's half-day guards are bumped with it. */
export async function lockDay(date: string, techId: number, byUserId: number | null = null): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...keys.dayLock(date, techId), date, tech_id: techId, locked: true, locked_by: byUserId, locked_at: new Date().toISOString() } } },
        bumpHalfDay(date, true),
        bumpHalfDay(date, false),
      ],
    }),
  );
}

export async function unlockDay(date: string, techId: number): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.dayLock(date, techId) }));
}

const DAY_S = 24 * 3600;

/**
 * Technicians as the solver takes them for one day: those who can start a route (home or depot
 * known), with their unavailabilities clipped to the day, their day lock, skills and zones.
 */
export async function technicianInputs(technicians: readonly Technician[], date: string, locked: ReadonlySet<number>): Promise<TechnicianInput[]> {
  const withStart = technicians.filter((t) => t.start);
  const start = dayStartMs(date);
  const from = new Date(start).toISOString();
  const to = new Date(start + DAY_S * 1000).toISOString();
  const unavailable = await Promise.all(withStart.map((t) => unavailabilitiesOf(t.user.id, from, to)));
  return withStart.map((t, i) => ({
    id: t.user.id,
    start: t.start!,
    unavailabilities: unavailable[i]!.map((u) => ({
      start: Math.max(0, (Date.parse(u.start) - start) / 1000),
      end: Math.min(DAY_S, (Date.parse(u.end) - start) / 1000),
    })),
    dayLocked: locked.has(t.user.id),
    skills: { serviceOffers: t.user.service_offers, shootingPackages: t.user.shooting_packages },
    mainZoneId: t.user.zone_id,
    backupZoneIds: t.user.backupZones,
  }));
}
