import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { shootingRecord, type ShootingRecord } from '#shared/entities/shooting.ts';
import type * as z from '#shared/zod.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { SHOOTING_MESSAGES, dayStartMs, type ShootingView } from '#shared/catalogue/shootings.ts';
import type { ListingRecord } from '#shared/entities/listing.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { conflict } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll as queryAllItems } from '../plumbing/query.ts';

/**
 * Shootings: the one place that composes shooting items and reads them (docs/data-model.md).
 * Beyond the entity, an item carries `version`, the listing's position (`lat`, `lng`, so the
 * availability needs no listing reads) and `reserved_tech_id`: the technician whose capacity an
 * unassigned booking holds (docs/decisions/0050-booking-capacity-and-half-day-guard.md).
 */
export interface StoredShooting extends ShootingRecord {
  version: number;
  lat: number | null;
  lng: number | null;
  reserved_tech_id: number | null;
}

export interface ShootingExtras {
  lat: number | null;
  lng: number | null;
  reserved_tech_id: number | null;
}

export function toShooting(item: Record<string, unknown>): StoredShooting {
  return {
    ...shootingRecord.parse(item),
    version: Number(item.version ?? 1),
    lat: typeof item.lat === 'number' ? item.lat : null,
    lng: typeof item.lng === 'number' ? item.lng : null,
    reserved_tech_id: typeof item.reserved_tech_id === 'number' ? item.reserved_tech_id : null,
  };
}

/** The full item of a shooting (keys, indexes, record, extras, version). */
export function shootingItem(record: z.input<typeof shootingRecord>, extras: ShootingExtras, version = 1): Record<string, unknown> {
  const s = shootingRecord.parse(record);
  return { ...keys.shooting(s.id), ...keys.shootingIndexes(s), ...s, ...extras, version };
}

export async function getShootingItem(id: number): Promise<StoredShooting | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.shooting(id), ConsistentRead: true }));
  return Item ? toShooting(Item) : undefined;
}

export async function shootingsByIds(ids: readonly number[], consistent = true): Promise<StoredShooting[]> {
  return (await batchGet([...new Set(ids)].map((id) => keys.shooting(id)), { consistent })).map(toShooting);
}

async function queryAll(index: 'gsi1' | 'gsi2' | 'gsi3', partition: string, range?: { from: string; to: string }): Promise<StoredShooting[]> {
  const items = await queryAllItems({
    IndexName: index,
    KeyConditionExpression: range ? `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to` : `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition, ...(range ? { ':from': range.from, ':to': range.to } : {}) },
  });
  return items.filter((item) => shootingRecord.safeParse(item).success).map(toShooting);
}

/** A broker's shootings, by date (gsi1). */
export const shootingsOfBroker = (brokerId: number) => queryAll('gsi1', keys.shootingsOfBroker(brokerId));
/** A capture technician's shootings, by date (gsi3). */
export const shootingsOfTech = (techId: number) => queryAll('gsi3', keys.shootingsOfTech(techId));
/** The shootings of one day (gsi2). */
export const shootingsOfDay = (date: string) => queryAll('gsi2', keys.shootingsOfDay(date));

/** States that no longer hold a technician's time. */
export const INACTIVE_STATES: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.abandonned]);

export function isActive(s: ShootingRecord): boolean {
  return !INACTIVE_STATES.has(s.state);
}

/** Listings of shootings, read together. */
export async function listingsById(ids: readonly number[]): Promise<Map<number, ListingRecord & Record<string, unknown>>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.listing(id)));
  return new Map(items.map((item) => [Number(item.id), item as ListingRecord & Record<string, unknown>]));
}

/** The broker view of part 1 §3. */
export function shootingView(s: StoredShooting, listing: (ListingRecord & Record<string, unknown>) | undefined): ShootingView {
  return {
    id: s.id,
    scheduleddate: s.scheduleddate,
    date_in_ts: dayStartMs(s.scheduleddate),
    is_confirmed: s.is_confirmed,
    am: s.am,
    only_360: s.only_360,
    note: s.note,
    state: s.state,
    starttime: s.starttime,
    endtime: s.endtime,
    estimated_duration: s.estimated_duration,
    room_count: s.room_count,
    cancellation_reason: s.cancellation_reason,
    listing: {
      id: s.listing_id,
      address: listing?.address ?? '',
      app: listing?.app ?? '',
      city: listing?.city ?? '',
      postalcode: listing?.postalcode ?? '',
      room_count: listing?.room_count ?? s.room_count,
      is_house: listing?.is_house ?? true,
      is_existing_listing: listing?.is_existing_listing ?? false,
      lat: listing?.lat ?? s.lat ?? 0,
      lng: listing?.lng ?? s.lng ?? 0,
      state: listing?.state ?? 0,
      picture_url: listing?.picture_url ?? null,
      broker: listing?.broker ?? { firstname: '', lastname: '' },
      distribution_token: listing?.distribution_token ?? null,
      updated_at: listing?.updated_at ?? s.updated_at,
    },
    pictures: [],
  };
}

/** Views of several shootings, with their listings read in one batch. */
export async function shootingViews(shootings: readonly StoredShooting[]): Promise<ShootingView[]> {
  const listings = await listingsById(shootings.map((s) => s.listing_id));
  return shootings.map((s) => shootingView(s, listings.get(s.listing_id)));
}

/**
 * Ownership (ARCHITECTURE §3): a broker reads their own shootings, a capture technician those
 * assigned to them, staff (1, 2, 5, 8) every one.
 */
export function mayRead(user: { id: number; role: number }, s: Pick<ShootingRecord, 'broker_id' | 'tech_id'>): boolean {
  if (user.role === Role.broker) return s.broker_id === user.id;
  if (user.role === Role.tech_capture) return s.tech_id === user.id;
  return STAFF_READERS.has(user.role);
}

const STAFF_READERS: ReadonlySet<number> = new Set([Role.superadmin, Role.admin, Role.tech_postprod, Role.tech_postprod_lead]);

/** Only a shooting pending confirmation (state 7, not confirmed) may change or be cancelled: 409 otherwise. */
export function assertPending(s: StoredShooting): void {
  if (s.is_confirmed || s.state === ShootingState.confirmed) throw conflict(SHOOTING_MESSAGES.alreadyConfirmed);
  if (s.state !== ShootingState.unconfirmed) throw conflict(SHOOTING_MESSAGES.notUnconfirmed, { state: s.state });
}

/** Where each shooting takes place: its own position, else its listing's; shootings with neither are left out. */
export async function shootingPositions(shootings: readonly StoredShooting[]): Promise<Map<number, { lat: number; lng: number }>> {
  const missing = shootings.filter((s) => s.lat === null || s.lng === null).map((s) => s.listing_id);
  const listings = missing.length ? await listingsById(missing) : new Map();
  const out = new Map<number, { lat: number; lng: number }>();
  for (const s of shootings) {
    const lat = s.lat ?? (listings.get(s.listing_id)?.lat as number | undefined);
    const lng = s.lng ?? (listings.get(s.listing_id)?.lng as number | undefined);
    if (lat !== undefined && lng !== undefined) out.set(s.id, { lat, lng });
  }
  return out;
}
