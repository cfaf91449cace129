import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { GAZETTEER } from '#functions/plumbing/location/gazetteer.ts';
import { pointInPolygon } from '#functions/storage/zones.ts';
import type { ZoneView } from '#shared/catalogue/zones.ts';
import { Role } from '#shared/roles.ts';

describe('getZones', () => {
  let zones: ZoneView[];
  beforeAll(async () => {
    const { token } = await tokenFor(Role.broker);
    const res = await call<{ status: number; zones: ZoneView[] }>('GET', '/api/zones', { token });
    expect(res.status).toBe(200);
    zones = res.body.zones;
  });

  it('answers the seeded photoshoot and sales zones with closed GeoJSON rings of [lng, lat]', () => {
    expect(zones.filter((z) => z.type === 1).map((z) => z.zone_name)).toEqual(['Montréal', 'Laval – Rive-Nord', 'Rive-Sud', 'Québec – Lévis']);
    expect(zones.filter((z) => z.type === 2)).toHaveLength(2);
    for (const z of zones) {
      const ring = z.coordinates.coordinates[0]!;
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      expect(ring[0]![0]).toBeLessThan(-60);
    }
  });

  it('filters by type and needs a session', async () => {
    const { token } = await tokenFor(Role.admin);
    const res = await call<{ zones: ZoneView[] }>('GET', '/api/zones?type=2', { token });
    expect(res.body.zones.every((z) => z.type === 2)).toBe(true);
    expect((await call('GET', '/api/zones?type=7', { token })).status).toBe(400);
    expect((await call('GET', '/api/zones')).status).toBe(401);
  });

  it('covers every demo address of the served area, and none in Sherbrooke or Gatineau', () => {
    const photoshoot = zones.filter((z) => z.type === 1).map((z) => z.coordinates.coordinates[0]!.map(([lng, lat]) => ({ lat, lng })));
    for (const place of GAZETTEER.filter((p) => p.kind === 'address')) {
      const served = photoshoot.some((ring) => pointInPolygon(place, ring));
      expect(served, `${place.address}, ${place.city}`).toBe(!['Sherbrooke', 'Gatineau'].includes(place.city));
    }
  });
});
