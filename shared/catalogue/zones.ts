import * as z from '../zod.ts';
import { ADMIN_ROLES } from '../roles.ts';
import { daysBetween } from '../rules/business-time.ts';
import { calendarDate } from './dates.ts';
import { defineOperation } from './operation.ts';
import { ZONE_MESSAGES } from '../messages/zones.ts';
import { schema } from '#shared/schema.ts';

export { ZONE_MESSAGES };

/**
 * Zones, part 2 sections 2, 3, 5, 7 and 8: reading them, the zone editor's save (update, create
 * and delete lists in one transaction) and the zone map's data (broker offices, shootings, depots).
 * Coordinates are answered as GeoJSON (part 2 §7: "GET getZones returns status and zones with GeoJSON
 * coordinates") and sent by the editor as a closed list of lat/lng (part 2 §3, §4).
 * docs/decisions/0140-zone-editor-and-map-data.md.
 */

/** Zone types (part 2 §3, §9): photoshoot 1, sales 2; the editor's default is sales. */
export const ZONE_TYPES = [1, 2] as const;
export const DEFAULT_ZONE_TYPE = 2;
/** Changes one save may carry: one DynamoDB transaction (100 items). */
export const MAX_ZONE_CHANGES = 100;
/** Vertices of one polygon. */
export const MAX_ZONE_VERTICES = 1000;
/** Longest period the zone map reads shootings for (days, both ends included). */
export const MAX_ZONE_MAP_DAYS = 62;

export const geoJsonPolygon = /* @__PURE__ */ schema(() => z.object({
  type: z.literal('Polygon'),
  /** One closed ring of [lng, lat] positions (the first point repeated last). */
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
}));

const zoneType = /* @__PURE__ */ schema(() => z.union([z.literal(1), z.literal(2)]));

export const zoneView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  zone_name: z.string(),
  type: zoneType,
  coordinates: geoJsonPolygon,
  /** Sent back with an update or a deletion: a zone changed meanwhile answers 409 (no lost update). */
  version: z.number().int(),
}));
export type ZoneView = z.infer<typeof zoneView>;

const latLng = /* @__PURE__ */ schema(() => z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }));
export type LatLngPoint = z.infer<typeof latLng>;

/** A closed ring: at least three distinct points, the first repeated last (part 2 §4). */
export function isClosedRing(ring: readonly LatLngPoint[]): boolean {
  if (ring.length < 4) return false;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first.lat !== last.lat || first.lng !== last.lng) return false;
  return new Set(ring.map((p) => `${p.lat},${p.lng}`)).size >= 3;
}

const ring = /* @__PURE__ */ schema(() => z.array(latLng, { message: ZONE_MESSAGES.noShape }).max(MAX_ZONE_VERTICES).refine(isClosedRing, ZONE_MESSAGES.noShape));
const zoneName = /* @__PURE__ */ schema(() => z.string({ message: ZONE_MESSAGES.noName }).trim().min(1, ZONE_MESSAGES.noName).max(120));
const zoneId = /* @__PURE__ */ schema(() => z.number().int().positive());
const version = /* @__PURE__ */ schema(() => z.number().int().positive());

/** A temporary id of a zone drawn in the editor and not saved yet. */
export const TEMP_ID_PREFIX = 'temp-';
export const tempZoneId = /* @__PURE__ */ schema(() => z.string().regex(/^temp-[A-Za-z0-9_-]{1,64}$/, 'A new zone’s id starts with “temp-”.'));

export const zoneCreate = /* @__PURE__ */ schema(() => z.object({ id: tempZoneId, zone_name: zoneName, type: zoneType, coordinates: ring }));
export const zoneUpdate = /* @__PURE__ */ schema(() => z.object({ id: zoneId, version, zone_name: zoneName, type: zoneType, coordinates: ring }));
export const zoneDelete = /* @__PURE__ */ schema(() => z.object({ id: zoneId, version }));

/** The editor's form (part 2 §7: "POST saveZones {zones}; the editor form is {update, create, delete}"). */
export const zoneChanges = /* @__PURE__ */ schema(() => z
  .object({
    update: z.array(zoneUpdate).max(MAX_ZONE_CHANGES).default([]),
    create: z.array(zoneCreate).max(MAX_ZONE_CHANGES).default([]),
    delete: z.array(zoneDelete).max(MAX_ZONE_CHANGES).default([]),
  })
  .superRefine((form, ctx) => {
    const changes = form.update.length + form.create.length + form.delete.length;
    if (changes > MAX_ZONE_CHANGES) ctx.addIssue({ code: 'custom', message: ZONE_MESSAGES.tooMany, path: [] });
    if (changes === 0) ctx.addIssue({ code: 'custom', message: ZONE_MESSAGES.nothing, path: [] });
    const ids = [...form.update, ...form.create, ...form.delete].map((zone) => String(zone.id));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: ZONE_MESSAGES.duplicate, path: [] });
  }));
export type ZoneChanges = z.input<typeof zoneChanges>;
export type ParsedZoneChanges = z.output<typeof zoneChanges>;

/** What blocks a deletion, a switch to sales or a new shape (409 details): shootings to reassign, users whose zone must change, zones changed meanwhile. */
export const zoneSaveConflict = /* @__PURE__ */ schema(() => z.object({
  shootings: z.array(z.object({ id: z.number().int(), zone_id: z.number().int(), scheduleddate: z.string(), address: z.string(), city: z.string() })),
  userZones: z.array(z.object({ user_id: z.number().int(), firstname: z.string(), lastname: z.string(), zone_id: z.number().int(), backup: z.boolean() })),
  stale: z.array(z.number().int()),
}));
export type ZoneSaveConflict = z.infer<typeof zoneSaveConflict>;

export const getZones = /* @__PURE__ */ defineOperation(() => ({
  id: 'getZones',
  area: 'zones',
  method: 'GET',
  path: '/api/zones',
  access: 'authenticated',
  summary: 'Every zone (photoshoot 1, sales 2), optionally of one type, with GeoJSON polygons and their version.',
  input: z.object({ type: z.coerce.number().int().min(1).max(2).optional() }),
  output: z.object({ status: z.literal(200), zones: z.array(zoneView) }),
  resources: ['table'],
  writes: [],
}));

export const saveZones = /* @__PURE__ */ defineOperation(() => ({
  id: 'saveZones',
  area: 'zones',
  method: 'POST',
  path: '/api/zones/save',
  access: ADMIN_ROLES,
  summary:
    'The zone editor’s save: update (with the version read), create (temporary ids) and delete lists, all or nothing. ' +
    '409 with details { shootings (date and address), userZones, stale } when upcoming shootings or users still need a zone the save deletes, switches to sales or reshapes (docs/decisions/0600), or a zone changed meanwhile.',
  input: z.object({ zones: zoneChanges }),
  output: z.object({
    status: z.literal(200),
    result: z.object({ zones: z.array(zoneView), created: z.record(z.string(), z.number().int()) }),
  }),
  resources: ['table'],
}));

/** Part 2 §3 "Broker office". */
export const brokerOfficeView = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  listing_count: z.number().int(),
  broker_count: z.number().int(),
}));
export type BrokerOfficeView = z.infer<typeof brokerOfficeView>;

export const getRestatsBrokerOffices = /* @__PURE__ */ defineOperation(() => ({
  id: 'getRestatsBrokerOffices',
  area: 'zones',
  method: 'GET',
  path: '/api/broker-offices',
  access: ADMIN_ROLES,
  summary: 'Every broker office with its position, listing count and broker count (the zone map’s clustered markers).',
  input: z.object({}),
  output: z.object({ status: z.literal(200), offices: z.array(brokerOfficeView) }),
  resources: ['table'],
  writes: [],
}));

export const zoneMapShooting = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  scheduleddate: z.string(),
  address: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  tech_id: z.number().int().nullable(),
  state: z.number().int(),
}));
export const zoneMapDepot = /* @__PURE__ */ schema(() => z.object({ id: z.number().int(), civic_number: z.string(), street: z.string(), city: z.string(), lat: z.number(), lng: z.number() }));
export const zoneMapTech = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  zone_id: z.number().int().nullable(),
  backupZones: z.array(z.number().int()),
  depot_id: z.number().int().nullable(),
}));
export type ZoneMapData = { shootings: z.infer<typeof zoneMapShooting>[]; depots: z.infer<typeof zoneMapDepot>[]; techs: z.infer<typeof zoneMapTech>[] };

export const getShootingsAndDepotsForZones = /* @__PURE__ */ defineOperation(() => ({
  id: 'getShootingsAndDepotsForZones',
  area: 'zones',
  method: 'GET',
  path: '/api/zones/map-data',
  access: ADMIN_ROLES,
  summary: `The zone map's markers: active shootings between two days (at most ${MAX_ZONE_MAP_DAYS}), inside one zone when zone_id is given, every depot, and the capture technicians (of that zone).`,
  input: z
    .object({ zone_id: z.coerce.number().int().positive().optional(), start_date: calendarDate, end_date: calendarDate })
    .refine((q) => q.end_date >= q.start_date && daysBetween(q.start_date, q.end_date) < MAX_ZONE_MAP_DAYS, {
      message: `end_date is on or after start_date, at most ${MAX_ZONE_MAP_DAYS} days in all.`,
      path: ['end_date'],
    }),
  output: z.object({ status: z.literal(200), result: z.object({ shootings: z.array(zoneMapShooting), depots: z.array(zoneMapDepot), techs: z.array(zoneMapTech) }) }),
  resources: ['table'],
  writes: [],
}));
