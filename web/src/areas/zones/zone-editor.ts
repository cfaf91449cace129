import { TEMP_ID_PREFIX, type BrokerOfficeView, type ZoneChanges, type ZoneView } from '#shared/catalogue/zones.ts';
import { pointInPolygon } from '#shared/planning/zones.ts';

/**
 * The zone editor's state (part 2 §3 "Zone", §4 "Zones"): the zones as loaded plus the local
 * flags isRemoved, isHidden, hasChanged; new zones carry a temporary id 'temp-…'. Nothing is
 * written before Save, which sends three lists: update (changed existing zones), create
 * (temporary ids) and delete (removed existing zones), each polygon closed by repeating its first point.
 */
export type Position = [number, number];

export interface EditorZone {
  id: number | string;
  zone_name: string;
  type: 1 | 2;
  /** The ring as [lng, lat] positions, closed (first point repeated last). */
  ring: Position[];
  /** The version read (existing zones). */
  version?: number;
  isRemoved: boolean;
  isHidden: boolean;
  hasChanged: boolean;
}

export const isTemp = (z: Pick<EditorZone, 'id'>) => typeof z.id === 'string' && z.id.startsWith(TEMP_ID_PREFIX);

export type ZoneStatus = 'chosen' | 'plain' | 'removed';

/**
 * The zones drawn: not hidden, not the one being edited (the drawing tool shows that one). A zone
 * removed but not yet saved is drawn as such ('removed'), as the list strikes it.
 */
export function zoneFeatures(zones: readonly EditorZone[], chosen: ReadonlySet<EditorZone['id']>, editing: EditorZone['id'] | null) {
  return zones
    .filter((z) => !z.isHidden && z.id !== editing && z.ring.length >= 4)
    .map((z) => {
      const status: ZoneStatus = z.isRemoved ? 'removed' : chosen.has(z.id) ? 'chosen' : 'plain';
      return { type: 'Feature' as const, geometry: { type: 'Polygon' as const, coordinates: [z.ring] }, properties: { id: String(z.id), name: z.zone_name, status } };
    });
}

export function fromServer(zones: readonly ZoneView[]): EditorZone[] {
  return zones.map((z) => ({ id: z.id, zone_name: z.zone_name, type: z.type, ring: closeRing(z.coordinates.coordinates[0] ?? []), version: z.version, isRemoved: false, isHidden: false, hasChanged: false }));
}

/** The ring closed by repeating its first point (an already closed ring is kept as is). */
export function closeRing(ring: readonly Position[]): Position[] {
  const out = ring.map(([lng, lat]) => [lng, lat] as Position);
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  return out;
}

let tempCounter = 0;
export function newTempId(): string {
  tempCounter += 1;
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}-${tempCounter}`;
}

const toLatLng = (ring: readonly Position[]) => closeRing(ring).map(([lng, lat]) => ({ lat, lng }));

/** The save form of part 2 §7: {update, create, delete}. */
export function saveForm(zones: readonly EditorZone[]): Required<ZoneChanges> {
  const form: Required<ZoneChanges> = { update: [], create: [], delete: [] };
  for (const z of zones) {
    if (isTemp(z)) {
      if (!z.isRemoved) form.create.push({ id: String(z.id), zone_name: z.zone_name, type: z.type, coordinates: toLatLng(z.ring) });
    } else if (z.isRemoved) form.delete.push({ id: Number(z.id), version: z.version ?? 1 });
    else if (z.hasChanged) form.update.push({ id: Number(z.id), version: z.version ?? 1, zone_name: z.zone_name, type: z.type, coordinates: toLatLng(z.ring) });
  }
  return form;
}

export const hasPendingChanges = (zones: readonly EditorZone[]) => zones.some((z) => isTemp(z) || z.isRemoved || z.hasChanged);

/** Part 2 §9: a zone's listing count counts the broker offices inside its polygon (their listings, summed). */
export function listingCount(zone: Pick<EditorZone, 'ring'>, offices: readonly BrokerOfficeView[]): number {
  const ring = zone.ring.map(([lng, lat]) => ({ lat, lng }));
  return offices.reduce((sum, o) => (pointInPolygon(o, ring) ? sum + o.listing_count : sum), 0);
}

/** Closing the error dialog clears the removal flags (part 2 §4). */
export const clearRemovals = (zones: readonly EditorZone[]) => zones.map((z) => (z.isRemoved ? { ...z, isRemoved: false } : z));
