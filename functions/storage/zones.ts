import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { zoneRecord, type ZoneRecord } from '#shared/entities/zone.ts';
import { ZoneType } from '#shared/enums.ts';
import type { LatLng } from '#shared/planning/travel.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';

/** Zones: reading them, and the point-in-polygon test the city check and the availability use. */

/** Every zone, or those of one type (gsi1 `ZONES`, sorted by type then id). */
export async function listZones(type?: number): Promise<ZoneRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: type === undefined ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND begins_with(gsi1sk, :type)',
    ExpressionAttributeValues: { ':pk': keys.allZones, ...(type === undefined ? {} : { ':type': `${type}#` }) },
  });
  return items.map((item) => zoneRecord.safeParse(item)).flatMap((parsed) => (parsed.success ? [parsed.data] : []));
}

export async function insertZone(zone: ZoneRecord): Promise<void> {
  const record = zoneRecord.parse(zone);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.zone(record.id), ...keys.zoneIndex(record.type, record.id), ...record, version: 1 },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Ray casting over the polygon's lat/lng ring (closed or not). */
export function pointInPolygon(point: LatLng, ring: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > point.lat !== b.lat > point.lat && point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** Ids of the photoshoot zones a point lies in. */
export function photoshootZonesAt(point: LatLng, zones: readonly ZoneRecord[]): number[] {
  return zones.filter((z) => z.type === ZoneType.photoshoot && pointInPolygon(point, z.coordinates)).map((z) => z.id);
}

/** GeoJSON polygon of a zone: one closed ring of [lng, lat]. */
export function toGeoJson(zone: ZoneRecord): { type: 'Polygon'; coordinates: Array<Array<[number, number]>> } {
  const ring = zone.coordinates.map((p) => [p.lng, p.lat] as [number, number]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}
