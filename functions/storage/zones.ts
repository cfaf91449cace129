import type { ParsedZoneChanges } from '#shared/catalogue/zones.ts';
import { ZONE_MESSAGES } from '#shared/messages/zones.ts';
import { zoneRecord, type ZoneRecord } from '#shared/entities/zone.ts';
import { ZoneType } from '#shared/enums.ts';
import { pointInPolygon } from '#shared/planning/zones.ts';
import type { LatLng } from '#shared/planning/travel.ts';
import { tableName } from '../plumbing/aws.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { conflict } from '../plumbing/errors.ts';
import { nextId } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';
import { cancellationCodes, holdPiece, transact, unheldSince, type TransactItem, type TransactItems } from '../plumbing/transact.ts';

/**
 * Zones: the only writer of zone items. They live in one item collection (`ZONES` / `ZONE#<id>`)
 * read with a consistent Query, so a save is in the next read of the booking, the planner and
 * the dispatch at once (docs/decisions/0140-zone-editor-and-map-data.md).
 */

export { pointInPolygon };

export interface StoredZone extends ZoneRecord {
  version: number;
  /** Changes whenever a user or a booking starts relying on the zone (docs/decisions/0167). */
  holder_stamp: string | null;
}

/** Every zone, or those of one type, by id. */
export async function listZones(type?: number): Promise<StoredZone[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.zonesPartition, ':prefix': keys.zonePrefix },
    ConsistentRead: true,
  });
  return items.flatMap((item) => {
    const parsed = zoneRecord.safeParse(item);
    return parsed.success && (type === undefined || parsed.data.type === type) ? [{ ...parsed.data, version: Number(item.version ?? 1), holder_stamp: typeof item.holder_stamp === 'string' ? item.holder_stamp : null }] : [];
  });
}

/** A new zone with a given id (demo data). */
export async function insertZone(zone: ZoneRecord): Promise<void> {
  const record = zoneRecord.parse(zone);
  await putNewItem({ TableName: tableName(), Item: { ...keys.zone(record.id), ...record, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' });
}

/**
 * The transaction pieces of a write that starts relying on these zones (a user taking them, a
 * booking inside them): each must still exist and still be a photoshoot zone (the only zones users
 * name and bookings lie in), and its holder stamp changes, so a deletion or a switch to sales that
 * checked the holders before fails instead of stranding the user or the shooting (docs/decisions/0167, 0600).
 */
export function holdZones(ids: readonly number[], stamp: string): TransactItem[] {
  return [...new Set(ids)].map((id) => {
    const piece = holdPiece(tableName(), keys.zone(id), stamp).Update!;
    return {
      Update: {
        ...piece,
        ConditionExpression: `${piece.ConditionExpression} AND #type = :photoshoot`,
        ExpressionAttributeNames: { ...piece.ExpressionAttributeNames, '#type': 'type' },
        ExpressionAttributeValues: { ...piece.ExpressionAttributeValues, ':photoshoot': ZoneType.photoshoot },
      },
    };
  });
}

/** Ids of the photoshoot zones a point lies in. */
export function photoshootZonesAt(point: LatLng, zones: readonly ZoneRecord[]): number[] {
  return zones.filter((z) => z.type === ZoneType.photoshoot && pointInPolygon(point, z.coordinates)).map((z) => z.id);
}

/** GeoJSON polygon of a zone: one closed ring of [lng, lat]. */
export function toGeoJson(zone: Pick<ZoneRecord, 'coordinates'>): { type: 'Polygon'; coordinates: Array<Array<[number, number]>> } {
  const ring = zone.coordinates.map((p) => [p.lng, p.lat] as [number, number]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/**
 * One save of the editor, all or nothing (one transaction): updates and deletions hold only if
 * the zone still has the version the editor read, and a deletion, or an update whose zone is in
 * `heldAt`, only while no user or booking took the zone since its holders were checked (`heldAt`:
 * the stamps read before that check, for the zones checked); creations get new ids. A zone
 * changed, deleted or taken meanwhile answers 409 with its id in `stale` and nothing is written. Answers the id given to each temporary id.
 */
export async function applyZoneChanges(changes: ParsedZoneChanges, heldAt: ReadonlyMap<number, string | null>, now = new Date().toISOString()): Promise<Record<string, number>> {
  const created: Record<string, number> = {};
  for (const zone of changes.create) created[zone.id] = await nextId('zone');
  const items: TransactItems = [];
  const checked: number[] = [];
  for (const zone of changes.update) {
    checked.push(zone.id);
    // A name-only change, or a sales zone's, is not held up by users or bookings taking the zone meanwhile.
    const unheld = heldAt.has(zone.id) ? unheldSince(heldAt.get(zone.id) ?? null) : { condition: '', values: {} };
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.zone(zone.id),
        UpdateExpression: 'SET zone_name = :name, #type = :type, coordinates = :coordinates, updated_at = :now, version = version + :one',
        ConditionExpression: unheld.condition ? `version = :v AND ${unheld.condition}` : 'version = :v',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':name': zone.zone_name, ':type': zone.type, ':coordinates': zone.coordinates, ':now': now, ':one': 1, ':v': zone.version, ...unheld.values },
      },
    });
  }
  for (const zone of changes.delete) {
    checked.push(zone.id);
    const unheld = unheldSince(heldAt.get(zone.id) ?? null);
    items.push({ Delete: { TableName: tableName(), Key: keys.zone(zone.id), ConditionExpression: `version = :v AND ${unheld.condition}`, ExpressionAttributeValues: { ':v': zone.version, ...unheld.values } } });
  }
  for (const zone of changes.create) {
    const record = zoneRecord.parse({ id: created[zone.id], zone_name: zone.zone_name, type: zone.type, coordinates: zone.coordinates, created_at: now, updated_at: now });
    items.push({ Put: { TableName: tableName(), Item: { ...keys.zone(record.id), ...record, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  if (!items.length) return created;
  try {
    await transact(items);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes?.includes('ConditionalCheckFailed')) throw error;
    const stale = checked.filter((_, i) => codes[i] === 'ConditionalCheckFailed');
    throw conflict(ZONE_MESSAGES.stale, { shootings: [], userZones: [], stale });
  }
  return created;
}
