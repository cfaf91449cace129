import { describe, expect, it } from 'vitest';
import { zoneFeatures, type EditorZone, type Position } from './zone-editor.ts';

const ring: Position[] = [[-73.6, 45.5], [-73.5, 45.5], [-73.5, 45.6], [-73.6, 45.5]];
const zone = (id: EditorZone['id'], flags: Partial<EditorZone> = {}): EditorZone => ({ id, zone_name: `Zone ${id}`, type: 1, ring, isRemoved: false, isHidden: false, hasChanged: false, ...flags });
const statuses = (features: ReturnType<typeof zoneFeatures>) => Object.fromEntries(features.map((f) => [f.properties.id, f.properties.status]));

describe('zoneFeatures (the zone map)', () => {
  it('keeps a removed zone on the map, marked removed, until the save deletes it (removal takes effect only on save)', () => {
    const zones = [zone(1), zone(2, { isRemoved: true }), zone(3)];
    expect(statuses(zoneFeatures(zones, new Set([3]), null))).toEqual({ 1: 'plain', 2: 'removed', 3: 'chosen' });
  });

  it('a chosen zone once removed reads removed; hidden zones, the zone being edited and unfinished rings are not drawn', () => {
    const zones = [zone(1, { isRemoved: true }), zone(2, { isHidden: true }), zone(3), zone('temp-1', { ring: ring.slice(0, 3) }), zone(4)];
    expect(statuses(zoneFeatures(zones, new Set([1]), 3))).toEqual({ 1: 'removed', 4: 'plain' });
  });
});
