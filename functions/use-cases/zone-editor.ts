import { ZONE_MESSAGES, type ParsedZoneChanges, type ZoneMapData, type ZoneSaveConflict, type ZoneView } from '#shared/catalogue/zones.ts';
import { ZoneType } from '#shared/enums.ts';
import { ALL_ROLES, Role } from '#shared/roles.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { lastBookableDay } from '#shared/rules/booking-horizon.ts';
import { isNotStarted } from '#shared/rules/shooting-progress.ts';
import { pointInPolygon } from '#shared/planning/zones.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { listDepots } from '../storage/depots.ts';
import { isActive, shootingPositions, shootingsOfDay, type StoredShooting } from '../storage/shootings.ts';
import { listingFieldsById } from '../storage/listings.ts';
import { usersOfRole } from '../storage/users.ts';
import { applyZoneChanges, listZones, toGeoJson, type StoredZone } from '../storage/zones.ts';

/**
 * The zone editor's save and the zone map's data (part 2 §2, §7, §8;
 * docs/decisions/0140-zone-editor-and-map-data.md, docs/decisions/0600-zone-changes-guarded-like-deletions.md).
 *
 * A save is refused (409, the lists of a deletion, nothing written) while
 * - a user has a deleted zone, or a photoshoot zone switched to sales, as main or backup zone: users
 *   name photoshoot zones only, and the planning engine dispatches photoshoot zones only;
 * - an upcoming shooting nobody has started taking (today to the booking horizon; a shooting on
 *   site or captured needs no zone any more) lies in a photoshoot zone the save deletes, switches to sales or reshapes (in its
 *   stored polygon) and in no photoshoot zone after the save: the planning engine could give it to no one.
 */

export const zoneView = (z: Pick<StoredZone, 'id' | 'zone_name' | 'type' | 'coordinates' | 'version'>): ZoneView => ({ id: z.id, zone_name: z.zone_name, type: z.type, coordinates: toGeoJson(z), version: z.version });

/**
 * The zones as a committed save left them, from those read before it: nothing is read after the
 * commit, so a save that went through is never answered as failed (the editor would then send its
 * new zones a second time). Another administrator's save meanwhile shows at the editor's next read.
 */
function zonesAfter(before: readonly StoredZone[], changes: ParsedZoneChanges, created: Record<string, number>): ZoneView[] {
  const deleted = new Set(changes.delete.map((d) => d.id));
  const updated = new Map(changes.update.map((u) => [u.id, u]));
  return [
    ...before.filter((z) => !deleted.has(z.id)).map((z) => {
      const u = updated.get(z.id);
      return zoneView(u ? { ...u, version: u.version + 1 } : z);
    }),
    ...changes.create.map((c) => zoneView({ ...c, id: created[c.id]!, version: 1 })),
  ].sort((a, b) => a.id - b.id);
}

/** The zones of a save whose holders are checked, from the zones as stored. */
interface Guarded {
  /** Deleted zones and photoshoot zones switched to sales: no user may keep them. */
  unnamable: Set<number>;
  /** Photoshoot zones deleted, switched to sales or reshaped, as stored: a shooting they covered needs another. */
  uncovering: StoredZone[];
}

const sameRing = (a: ReadonlyArray<{ lat: number; lng: number }>, b: ReadonlyArray<{ lat: number; lng: number }>) =>
  a.length === b.length && a.every((p, i) => p.lat === b[i]!.lat && p.lng === b[i]!.lng);

function guardedZones(changes: ParsedZoneChanges, stored: readonly StoredZone[]): Guarded {
  const byId = new Map(stored.map((z) => [z.id, z]));
  const unnamable = new Set(changes.delete.map((d) => d.id));
  const uncovering = new Set<number>();
  for (const id of unnamable) if (byId.get(id)?.type === ZoneType.photoshoot) uncovering.add(id);
  for (const u of changes.update) {
    const was = byId.get(u.id);
    if (was?.type !== ZoneType.photoshoot) continue;
    if (u.type !== ZoneType.photoshoot) unnamable.add(u.id);
    if (u.type !== ZoneType.photoshoot || !sameRing(was.coordinates, u.coordinates)) uncovering.add(u.id);
  }
  return { unnamable, uncovering: stored.filter((z) => uncovering.has(z.id)) };
}

export async function saveZoneChanges(changes: ParsedZoneChanges, now = Date.now()): Promise<{ zones: ZoneView[]; created: Record<string, number> }> {
  // The holder stamps are read before the holders: a user or a booking taking a zone after this
  // read changes its stamp, and the save's transaction fails (docs/decisions/0167, 0600).
  const before = await listZones();
  const guarded = guardedZones(changes, before);
  const checked = new Set([...guarded.unnamable, ...guarded.uncovering.map((z) => z.id)]);
  if (checked.size) {
    const blockers = await saveBlockers(changes, guarded, before, now);
    if (blockers.shootings.length || blockers.userZones.length) throw conflict(ZONE_MESSAGES.blocked, blockers);
  }
  const heldAt = new Map(before.filter((z) => checked.has(z.id)).map((z) => [z.id, z.holder_stamp]));
  const created = await applyZoneChanges(changes, heldAt, new Date(now).toISOString());
  return { zones: zonesAfter(before, changes, created), created };
}

async function saveBlockers(changes: ParsedZoneChanges, guarded: Guarded, zones: readonly StoredZone[], now: number): Promise<ZoneSaveConflict> {
  const { unnamable, uncovering } = guarded;
  const userZones: ZoneSaveConflict['userZones'] = [];
  if (unnamable.size) {
    const users = (await Promise.all(ALL_ROLES.map((role) => usersOfRole(role, Infinity)))).flat();
    for (const u of users) {
      if (u.zone_id !== null && unnamable.has(u.zone_id)) userZones.push({ user_id: u.id, firstname: u.firstname, lastname: u.lastname, zone_id: u.zone_id, backup: false });
      for (const b of u.backupZones) if (unnamable.has(b)) userZones.push({ user_id: u.id, firstname: u.firstname, lastname: u.lastname, zone_id: b, backup: true });
    }
  }
  if (!uncovering.length) return { shootings: [], userZones, stale: [] };
  // The photoshoot zones as they will be after the save.
  const deleted = new Set(changes.delete.map((d) => d.id));
  const updated = new Map(changes.update.map((u) => [u.id, u]));
  const remaining = [
    ...zones.filter((z) => !deleted.has(z.id)).map((z) => updated.get(z.id) ?? z),
    ...changes.create,
  ].filter((z) => z.type === ZoneType.photoshoot);
  const upcoming = (await shootingsBetween(localDateOf(now), lastBookableDay(now))).filter((s) => isNotStarted(s.state));
  const where = await shootingPositions(upcoming);
  const stranded: Array<{ s: StoredShooting; zone_id: number }> = [];
  for (const s of upcoming) {
    const p = where.get(s.id);
    if (!p) continue;
    const zone = uncovering.find((z) => pointInPolygon(p, z.coordinates));
    if (zone && !remaining.some((z) => pointInPolygon(p, z.coordinates))) stranded.push({ s, zone_id: zone.id });
  }
  const listings = await listingFieldsById(stranded.map(({ s }) => s.listing_id), ['address', 'city']);
  const shootings = stranded.map(({ s, zone_id }) => ({
    id: s.id,
    zone_id,
    scheduleddate: s.scheduleddate,
    address: String(listings.get(s.listing_id)?.address ?? ''),
    city: String(listings.get(s.listing_id)?.city ?? ''),
  }));
  return { shootings, userZones, stale: [] };
}

/** Active shootings of the days from `from` to `to` (both included), read ten days at a time. */
async function shootingsBetween(from: string, to: string): Promise<StoredShooting[]> {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const out: StoredShooting[] = [];
  for (let i = 0; i < days.length; i += 10) {
    const pages = await Promise.all(days.slice(i, i + 10).map((d) => shootingsOfDay(d)));
    out.push(...pages.flat().filter(isActive));
  }
  return out;
}

/** The zone map's shootings (inside the zone when one is given), every depot and the capture technicians (of the zone). */
export async function zoneMapData(q: { zone_id?: number | undefined; start_date: string; end_date: string }): Promise<ZoneMapData> {
  const [zones, shootings, depots, techs] = await Promise.all([
    listZones(),
    shootingsBetween(q.start_date, q.end_date),
    listDepots(),
    usersOfRole(Role.tech_capture, Infinity),
  ]);
  const zone = q.zone_id === undefined ? undefined : zones.find((z) => z.id === q.zone_id);
  if (q.zone_id !== undefined && !zone) throw notFound('No zone has this id.');
  const where = await shootingPositions(shootings);
  const inside = shootings.filter((s) => {
    const p = where.get(s.id);
    return p !== undefined && (!zone || pointInPolygon(p, zone.coordinates));
  });
  const listings = await listingFieldsById(inside.map((s) => s.listing_id), ['address', 'city']);
  return {
    shootings: inside.map((s) => {
      const p = where.get(s.id)!;
      const listing = listings.get(s.listing_id);
      return { id: s.id, scheduleddate: s.scheduleddate, address: String(listing?.address ?? ''), city: String(listing?.city ?? ''), lat: p.lat, lng: p.lng, tech_id: s.tech_id, state: s.state };
    }),
    depots: depots.map((d) => ({ id: d.id, civic_number: d.civic_number, street: d.street, city: d.city, lat: d.lat, lng: d.lng })),
    techs: techs
      .filter((t) => !zone || t.zone_id === zone.id || t.backupZones.includes(zone.id))
      .map((t) => ({ id: t.id, firstname: t.firstname, lastname: t.lastname, zone_id: t.zone_id, backupZones: t.backupZones, depot_id: t.depot_id })),
  };
}
