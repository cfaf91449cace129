import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { shootingRecord, type ShootingRecord } from '#shared/entities/shooting.ts';
import type * as z from '#shared/zod.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import { SHOOTING_ADMIN_MESSAGES, SHOOTING_MESSAGES } from '#shared/messages/shootings.ts';
import { dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import { TABLE, type AccessPattern } from '#shared/data/design.ts';
import type { ListingRecord } from '#shared/entities/listing.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { markBackfilled, type IndexBackfill } from '../plumbing/backfill.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { lastNumber, nextId, nextNumberPiece } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { inPool } from '../plumbing/pool.ts';
import { byIndex, queryAll as queryAllItems } from '../plumbing/query.ts';
import { cancellationCodes, transact, type TransactItem } from '../plumbing/transact.ts';
import { listingsById } from './listings.ts';
import { pure } from '#shared/pure.ts';

/**
 * Shootings: the one place that composes shooting items, reads them and writes them
 * (docs/data-model.md, ADR 0122). Every write is one of the typed mutations at the end of this
 * file; each derives the index attributes from the key builder (`keys.shootingIndexes`).
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
function shootingItem(record: z.input<typeof shootingRecord>, extras: ShootingExtras, version = 1): Record<string, unknown> {
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

async function queryAll(pattern: AccessPattern, partition: string): Promise<StoredShooting[]> {
  const items = await queryAllItems(byIndex(pattern, partition));
  return items.filter((item) => shootingRecord.safeParse(item).success).map(toShooting);
}

/** A broker's shootings, by date. */
export const shootingsOfBroker = (brokerId: number) => queryAll('shootingsByBrokerDate', keys.shootingsOfBroker(brokerId));
/** A listing's shootings, by date. */
export const shootingsOfListing = (listingId: number) => queryAll('shootingsByListingDate', keys.shootingsOfListing(listingId));
/** A capture technician's shootings, by date. */
export const shootingsOfTech = (techId: number) => queryAll('shootingsByTechDate', keys.shootingsOfTech(techId));
/** The shootings of one day. */
export const shootingsOfDay = (date: string) => queryAll('shootingsByDay', keys.shootingsOfDay(date));
/** A capture technician's shootings from one day to another, both included (the dashboard's today and tomorrow). */
export const shootingsOfTechBetween = (techId: number, from: string, to: string) => queryBetween('shootingsByTechDate', keys.shootingsOfTech(techId), from, to);
/** A broker's shootings from one day to another, both included. */
export const shootingsOfBrokerBetween = (brokerId: number, from: string, to: string) => queryBetween('shootingsByBrokerDate', keys.shootingsOfBroker(brokerId), from, to);

/** A broker's newest shootings (latest date, then highest id, first): at most `max` read. */
export const newestShootingsOfBroker = (brokerId: number, max: number) => newest('shootingsByBrokerDate', keys.shootingsOfBroker(brokerId), max);
/** A capture technician's newest shootings: at most `max` read. */
export const newestShootingsOfTech = (techId: number, max: number) => newest('shootingsByTechDate', keys.shootingsOfTech(techId), max);

async function newest(pattern: AccessPattern, partition: string, max: number): Promise<StoredShooting[]> {
  const items = await queryAllItems({ ...byIndex(pattern, partition), ScanIndexForward: false }, max);
  return items.filter((item) => shootingRecord.safeParse(item).success).map(toShooting);
}

/** The shootings of an index partition sorted `<date>#<id>`, from one day to another (both included, `from` ≤ `to`). */
async function queryBetween(pattern: AccessPattern, partition: string, from: string, to: string): Promise<StoredShooting[]> {
  const items = await queryAllItems(byIndex(pattern, partition, { from, to: `${to}#\uffff` }));
  return items.filter((item) => shootingRecord.safeParse(item).success).map(toShooting);
}

/**
 * A listing's shootings as they are now: those its index shows and `known` (just written: the
 * index may not show them yet), each read again consistently.
 */
export async function currentShootingsOfListing(listingId: number, known: readonly number[] = []): Promise<StoredShooting[]> {
  const indexed = await shootingsOfListing(listingId);
  return (await shootingsByIds([...indexed.map((s) => s.id), ...known])).filter((s) => s.listing_id === listingId);
}

/** States that no longer hold a technician's time. */
export const INACTIVE_STATES: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.abandonned]);

export function isActive(s: ShootingRecord): boolean {
  return !INACTIVE_STATES.has(s.state);
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

// ---------------------------------------------------------------------------------------------
// Mutations: the only writers of shooting items. Each bumps `version` and keeps the index
// attributes equal to what keys.shootingIndexes derives from the item after the change. Those a
// handler writes together with other entities return a TransactWriteItems piece.

/** The index attributes a shooting item carries (all of them, set or not). */
export const SHOOTING_INDEX_ATTRIBUTES: readonly string[] = TABLE.indexes.flatMap((index) => [index.partitionKey, index.sortKey]);

type IndexedFields = Pick<ShootingRecord, 'id' | 'broker_id' | 'listing_id' | 'scheduleddate' | 'tech_id'>;

interface Change {
  set: Record<string, unknown>;
  /** Attributes removed. */
  remove?: readonly string[];
  /** Condition on the item as read, besides `version = :v` (placeholders :c0, :c1… from `values`). */
  condition?: string;
  values?: Record<string, unknown>;
  /** Not a change of the shooting (figures worked out from it): conditional on the version, which stays. */
  keepVersion?: boolean;
}

/** SET of every index attribute derived from the item after the change, REMOVE of those it no longer has. */
function indexChange(after: IndexedFields): { set: Record<string, unknown>; remove: string[] } {
  const indexes: Record<string, unknown> = keys.shootingIndexes(after);
  return { set: indexes, remove: SHOOTING_INDEX_ATTRIBUTES.filter((name) => !(name in indexes)) };
}

/** The Update of one shooting, conditional on the version read (`expected`), bumping it. */
function updateOf(id: number, expected: number, change: Change): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':v': expected, ...(change.keepVersion ? {} : { ':one': 1 }), ...change.values };
  const sets = Object.entries(change.set).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = (change.remove ?? []).map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const condition = change.condition ? `version = :v AND (${change.condition})` : 'version = :v';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.shooting(id),
      UpdateExpression: `SET ${[...sets, ...(change.keepVersion ? [] : ['version = version + :one'])].join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: { ...names, ...(change.condition?.includes('#state') ? { '#state': 'state' } : {}) },
      ExpressionAttributeValues: values,
    },
  };
}

async function send(piece: TransactItem): Promise<void> {
  await db.send(new UpdateCommand(piece.Update!));
}

/** Only a pending shooting (unconfirmed, state 7) changes; the condition that says so on the stored item. */
const PENDING = { condition: 'is_confirmed = :false AND #state = :unconfirmed', values: { ':false': false, ':unconfirmed': ShootingState.unconfirmed } };

/** A new shooting's id (numbers from 10 000, ARCHITECTURE §4). */
export const newShootingId = (): Promise<number> => nextId('shooting', 10_000);

/** Create: the Put of a new shooting (booking), failing if the id exists. Answers the item written. */
export function createShootingPut(record: z.input<typeof shootingRecord>, extras: ShootingExtras): { item: Record<string, unknown>; put: TransactItem } {
  const item = shootingItem(record, extras);
  return { item, put: { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } } };
}

/**
 * Create outside a booking (seeds, imports): the shooting and, when it has a post-production
 * technician, the pointer item that lists it for them (keys.ppTechShooting).
 */
export async function insertShooting(record: z.input<typeof shootingRecord>, extras: ShootingExtras): Promise<StoredShooting> {
  const { item, put } = createShootingPut(record, extras);
  await db.send(new PutCommand(put.Put!));
  const s = toShooting(item);
  if (s.pp_tech_id) await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.ppTechShooting(s.pp_tech_id, s.scheduleddate, s.id), shooting_id: s.id } }));
  return s;
}

/**
 * Move a pending shooting to another half-day (its owner's change of time), holding `reservedTechId`'s
 * capacity, without its leg. `unassign`: its technician cannot take the new half-day, so it leaves
 * them as unassignShooting does (no technician, no forced flag). Its post-production technician's
 * pointer (keys.ppTechShooting, dated) moves with it.
 */
export function moveShooting(s: StoredShooting, to: { date: string; am: boolean; reservedTechId: number | null; now: string; unassign?: boolean }): TransactItem[] {
  const index = indexChange({ ...s, scheduleddate: to.date, tech_id: to.unassign ? null : s.tech_id });
  // Its leg was of the old half-day's route: none until the new day's route is worked out (refreshDayLegs).
  const unassigned = to.unassign ? { force_assigned: false } : {};
  const update = updateOf(s.id, s.version, {
    set: { scheduleddate: to.date, am: to.am, reserved_tech_id: to.reservedTechId, updated_at: to.now, distance: null, transit_time: null, ...unassigned, ...index.set },
    remove: [...(to.unassign ? ['tech_id'] : []), ...index.remove],
    ...PENDING,
  });
  if (!s.pp_tech_id || to.date === s.scheduleddate) return [update];
  return [
    update,
    { Delete: { TableName: tableName(), Key: keys.ppTechShooting(s.pp_tech_id, s.scheduleddate, s.id) } },
    { Put: { TableName: tableName(), Item: { ...keys.ppTechShooting(s.pp_tech_id, to.date, s.id), shooting_id: s.id } } },
  ];
}

/**
 * A shooting still to be taken follows its listing's corrected address: its new point, without its
 * leg (of a route through the old point) until its day's route is worked out again (refreshDayLegs).
 */
export function relocateShooting(s: StoredShooting, position: { lat: number; lng: number }, now: string): TransactItem {
  return updateOf(s.id, s.version, { set: { lat: position.lat, lng: position.lng, distance: null, transit_time: null, updated_at: now } });
}

/**
 * Confirm a pending shooting (part 1 §4: unconfirmed with a half-day becomes confirmed with an exact
 * time) at the start its technician's locked day plans for it, at the version read (ADR 0540).
 */
export function confirmShooting(s: StoredShooting, starttime: string, now = new Date().toISOString()): TransactItem {
  return updateOf(s.id, s.version, { set: { is_confirmed: true, state: ShootingState.confirmed, starttime, updated_at: now }, ...PENDING });
}

/** Assign a technician by hand (planner), forced or not; the caller joins the day-lock check and the guard bump. */
export function assignShooting(s: StoredShooting, techId: number, forceAssigned: boolean, now = new Date().toISOString()): TransactItem {
  const index = indexChange({ ...s, tech_id: techId });
  return updateOf(s.id, s.version, { set: { tech_id: techId, force_assigned: forceAssigned, updated_at: now, ...index.set }, remove: index.remove });
}

/**
 * Assign by dispatch: only if still unassigned at the version the load step read, with the leg
 * the solver planned. The dispatch knows the shooting's id, day and version only; the technician
 * index is all an assignment changes (keys.shootingTechIndex, the part of keys.shootingIndexes it feeds).
 */
export function dispatchAssignment(
  s: Pick<StoredShooting, 'id' | 'scheduleddate' | 'version'>,
  techId: number,
  leg: { distanceKm: number; transitS: number },
  now = new Date().toISOString(),
): TransactItem {
  return updateOf(s.id, s.version, {
    set: { tech_id: techId, ...keys.shootingTechIndex(techId, s.scheduleddate, s.id), distance: leg.distanceKm, transit_time: leg.transitS, updated_at: now },
    condition: 'attribute_not_exists(tech_id) OR tech_id = :null',
    values: { ':null': null },
  });
}

/** Unassign (planner): no technician, no forced flag, no leg. */
export function unassignShooting(s: StoredShooting, now = new Date().toISOString()): TransactItem {
  const index = indexChange({ ...s, tech_id: null });
  return updateOf(s.id, s.version, { set: { force_assigned: false, distance: null, transit_time: null, updated_at: now, ...index.set }, remove: ['tech_id', ...index.remove] });
}

/** Cancel a pending shooting (part 1 §2.7, §9): its state, the reason and who cancelled it. */
export async function cancelShooting(s: StoredShooting, reason: string | null, byUserId: number, now = new Date().toISOString()): Promise<void> {
  await send(updateOf(s.id, s.version, { set: { state: ShootingState.canceled, cancellation_reason: reason, canceled_by: byUserId, updated_at: now }, ...PENDING }));
}

/**
 * Store each shooting's leg (distance km, transit_time s), conditional on the version read:
 * a shooting changed meanwhile keeps its own figures until the next recalculation. A leg is worked
 * out from the day's routes, not a change of the shooting: its version stays, so a dialog or a
 * board opened before a colleague's drop on that day still saves (ADR 0640). Answers how many
 * were stored.
 */
export async function storeLegs(legs: ReadonlyArray<{ shootingId: number; km: number; transitS: number; version: number }>): Promise<number> {
  let stored = 0;
  for (const leg of legs) {
    try {
      await send(updateOf(leg.shootingId, leg.version, { set: { distance: leg.km, transit_time: leg.transitS }, keepVersion: true }));
      stored++;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return stored;
}

// Planner board (docs/decisions/0170-planner-board.md): the forced flag's removal and abandon.

/** Clear the forced-assignment flag (attemptShootingFlagRemoval), at the version read. */
export async function clearForcedFlag(s: StoredShooting, now = new Date().toISOString()): Promise<void> {
  await send(forcedFlagRemoval(s, now));
}

/** The forced flag's removal as a transaction piece, at the version read (with the day's guards, ADR 0645). */
export function forcedFlagRemoval(s: StoredShooting, now = new Date().toISOString()): TransactItem {
  return updateOf(s.id, s.version, { set: { force_assigned: false, updated_at: now } });
}

/** Abandon (state 13), at the version read and only while active; the technician stays on it for the record. */
export async function abandonShootingItem(s: StoredShooting, byUserId: number, now = new Date().toISOString()): Promise<void> {
  await send(
    updateOf(s.id, s.version, {
      set: { state: ShootingState.abandonned, abandoned_by: byUserId, updated_at: now },
      condition: '#state <> :c0 AND #state <> :c1',
      values: { ':c0': ShootingState.canceled, ':c1': ShootingState.abandonned },
    }),
  );
}

/** The shootings of several listings, all dates (the planner's reshoot ordinals), 16 queries at a time. */
export async function shootingsOfListings(listingIds: readonly number[]): Promise<StoredShooting[]> {
  const out: StoredShooting[] = [];
  await inPool([...new Set(listingIds)], 16, async (id) => void out.push(...(await shootingsOfListing(id))));
  return out;
}

/**
 * Shootings written before ADR 0685 lack the listing index: each gets its gsi6 keys, built from its
 * listing and date as scanned, and held only while those are unchanged (other changes, a
 * confirmation or notes, bump the version and leave them). Run once by scripts/local/backfill.ts.
 */
export const shootingListingIndexBackfill: IndexBackfill = /* @__PURE__ */ pure(() => ({
  marker: keys.shootingListingIndexVersion,
  filter: { expression: 'begins_with(pk, :shooting) AND sk = :sk AND attribute_not_exists(gsi6pk)', values: { ':shooting': 'SHOOTING#', ':sk': 'SHOOTING' } },
  async indexItem(item) {
    if (!shootingRecord.safeParse(item).success) return false;
    const s = toShooting(item);
    const { gsi6pk, gsi6sk } = keys.shootingIndexes(s);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shooting(s.id),
        UpdateExpression: 'SET gsi6pk = :pk, gsi6sk = :sk',
        ConditionExpression: 'listing_id = :l AND scheduleddate = :d',
        ExpressionAttributeValues: { ':pk': gsi6pk, ':sk': gsi6sk, ':l': s.listing_id, ':d': s.scheduleddate },
      }),
    );
    return true;
  },
}));

/** Records that every shooting carries its listing index (a new table's seed writes them so). */
export const markShootingListingIndexCurrent = () => markBackfilled(keys.shootingListingIndexVersion);

// ---------------------------------------------------------------------------------------------
// Shooting administration (the shooting dialog, docs/decisions/0180): each write names the
// version the dialog read and fails with 409 (SHOOTING_ADMIN_MESSAGES.stale) when the shooting
// changed meanwhile, read before or changed between the read and the write.

/** The fields the shooting dialog changes, one mutation each. */
export type AdminFields = Partial<
  Pick<ShootingRecord, 'billable' | 'all_services_delivered' | 'saisie_source_completed' | 'sd_card' | 'tech_note' | 'post_prod_notes' | 'general_notes' | 'service_offers'>
>;

const staleShooting = () => conflict(SHOOTING_ADMIN_MESSAGES.stale);
const conditionFailed = (error: unknown) => ['ConditionalCheckFailedException', 'TransactionCanceledException'].includes((error as Error | null)?.name ?? '');

/** The shooting at the version its editor read: 404 when it does not exist, 409 when it changed since. */
export async function shootingAtVersion(id: number, version: number): Promise<StoredShooting> {
  const s = await getShootingItem(id);
  if (!s) throw notFound('Shooting not found.');
  if (s.version !== version) throw staleShooting();
  return s;
}

/** Writes the dialog's fields on a shooting read at `s.version`; answers the shooting after the change. */
export async function changeAdminFields(s: StoredShooting, fields: AdminFields, now = new Date().toISOString()): Promise<StoredShooting> {
  try {
    await send(updateOf(s.id, s.version, { set: { ...fields, updated_at: now } }));
  } catch (error) {
    throw conditionFailed(error) ? staleShooting() : error;
  }
  return { ...s, ...fields, updated_at: now, version: s.version + 1 };
}

/** The same fields on several shootings at once, all or none (each at the version read). */
export async function changeAdminFieldsOfMany(shootings: readonly StoredShooting[], fields: AdminFields, now = new Date().toISOString()): Promise<StoredShooting[]> {
  try {
    await transact(shootings.map((s) => updateOf(s.id, s.version, { set: { ...fields, updated_at: now } })));
  } catch (error) {
    throw conditionFailed(error) ? staleShooting() : error;
  }
  return shootings.map((s) => ({ ...s, ...fields, updated_at: now, version: s.version + 1 }));
}

/** Invoice numbers: IM-<year>-<6 digits>, from 1001 up, without gaps (the number is taken in the write that stores it). */
const INVOICE_COUNTER = 'invoice';
const INVOICE_FLOOR = 1000;

/**
 * The invoice number of a shooting: given once, kept after. The next number and the shooting's
 * update are one transaction: a failed or concurrent write uses up no number (accounting sees no
 * gap); a concurrent first call keeps the number stored first.
 */
export async function ensureInvoiceId(s: StoredShooting, now = new Date().toISOString()): Promise<StoredShooting> {
  if (s.invoice_id) return s;
  for (let attempt = 1; ; attempt++) {
    const last = await lastNumber(INVOICE_COUNTER, INVOICE_FLOOR);
    // The year of the business day the invoice is dated (Quebec), not of the UTC instant: 31 December after 19:00 is still that year.
    const invoiceId = `IM-${localDateOf(Date.parse(now)).slice(0, 4)}-${String(last + 1).padStart(6, '0')}`;
    try {
      await transact([
        nextNumberPiece(INVOICE_COUNTER, last, INVOICE_FLOOR),
        updateOf(s.id, s.version, { set: { invoice_id: invoiceId, updated_at: now }, condition: 'attribute_not_exists(invoice_id) OR invoice_id = :c0', values: { ':c0': null } }),
      ]);
      return { ...s, invoice_id: invoiceId, updated_at: now, version: s.version + 1 };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      // Another invoice took the number (or a write raced ours): the next one, a few times.
      if (codes[1] !== 'ConditionalCheckFailed') {
        if (attempt < 10) continue;
        throw error;
      }
      const fresh = await getShootingItem(s.id);
      if (!fresh?.invoice_id) throw staleShooting();
      return fresh;
    }
  }
}

/**
 * Assigns the post-production technician (null: none), with the pointer item that lists the
 * shooting for them (keys.ppTechShooting): the old technician's pointer goes, the new one's comes.
 */
export async function assignPostProd(s: StoredShooting, ppTechId: number | null, now = new Date().toISOString()): Promise<StoredShooting> {
  const pieces: TransactItem[] = [updateOf(s.id, s.version, { set: { pp_tech_id: ppTechId, updated_at: now } })];
  if (s.pp_tech_id && s.pp_tech_id !== ppTechId) pieces.push({ Delete: { TableName: tableName(), Key: keys.ppTechShooting(s.pp_tech_id, s.scheduleddate, s.id) } });
  if (ppTechId && ppTechId !== s.pp_tech_id) pieces.push({ Put: { TableName: tableName(), Item: { ...keys.ppTechShooting(ppTechId, s.scheduleddate, s.id), shooting_id: s.id } } });
  try {
    await transact(pieces);
  } catch (error) {
    throw conditionFailed(error) ? staleShooting() : error;
  }
  return { ...s, pp_tech_id: ppTechId, updated_at: now, version: s.version + 1 };
}

// ---------------------------------------------------------------------------------------------
// Review (part 3 §4; docs/decisions/0211): retouch and the media e-mail, at the version read.

/** Send for retouch (state 3), at the version read: the transaction's piece (the listing's review-queue entry is kept with it). */
export function retouchPiece(s: StoredShooting, now = new Date().toISOString()): TransactItem {
  return updateOf(s.id, s.version, { set: { state: ShootingState.retouch, updated_at: now } });
}

/** Sent to the broker (the media e-mail): the shooting is public for the broker from now on; the sending transaction's piece. */
export function sentToBroker(s: StoredShooting, now = new Date().toISOString()): TransactItem {
  return updateOf(s.id, s.version, { set: { is_public_for_broker: true, media_email_sent_at: now, updated_at: now } });
}
