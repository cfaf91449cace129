import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';

/**
 * Zones, part 2 sections 2, 3 and 7: reading them. Editing (saveZones) belongs to the zone editor.
 * Coordinates are answered as GeoJSON (part 2 §7: "GET getZones returns status and zones with GeoJSON coordinates").
 */
export const geoJsonPolygon = z.object({
  type: z.literal('Polygon'),
  /** One closed ring of [lng, lat] positions (the first point repeated last). */
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});

export const zoneView = z.object({
  id: z.number().int(),
  zone_name: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  coordinates: geoJsonPolygon,
});
export type ZoneView = z.infer<typeof zoneView>;

export const getZones = defineOperation({
  id: 'getZones',
  area: 'zones',
  method: 'GET',
  path: '/api/zones',
  access: 'authenticated',
  summary: 'Every zone (photoshoot 1, sales 2), optionally of one type, with GeoJSON polygons.',
  input: z.object({ type: z.coerce.number().int().min(1).max(2).optional() }),
  output: z.object({ status: z.literal(200), zones: z.array(zoneView) }),
  resources: ['table'],
  writes: [],
});
