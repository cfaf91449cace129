/**
 * Which zones a point lies in (photoshoot zones, spec part 2: polygons of lat/lng, closed by
 * repeating the first point). Ray casting on lng/lat, fine at city scale.
 */
import type { LatLng } from './travel.ts';

export interface ZonePolygon {
  id: number;
  coordinates: readonly LatLng[];
}

export function pointInPolygon(p: LatLng, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** Ids of the zones containing the point (a shooting's `zoneIds`). */
export function zonesContaining(p: LatLng, zones: readonly ZonePolygon[]): number[] {
  return zones.filter((z) => z.coordinates.length >= 3 && pointInPolygon(p, z.coordinates)).map((z) => z.id);
}
