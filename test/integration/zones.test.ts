import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { GAZETTEER } from '#functions/plumbing/location/gazetteer.ts';
import { putBrokerOffices } from '#functions/storage/broker-offices.ts';
import { pointInPolygon } from '#functions/storage/zones.ts';
import { ZONE_MESSAGES, type BrokerOfficeView, type ZoneMapData, type ZoneSaveConflict, type ZoneView } from '#shared/catalogue/zones.ts';
import { localDateOf, addDays } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';

type Ring = Array<{ lat: number; lng: number }>;
type SaveAnswer = { status: number; result: { zones: ZoneView[]; created: Record<string, number> } };
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]>; details?: ZoneSaveConflict } };

/** A closed square ring around a point (half-size `d` degrees). */
const square = (lat: number, lng: number, d = 0.05): Ring => [
  { lat: lat - d, lng: lng - d },
  { lat: lat + d, lng: lng - d },
  { lat: lat + d, lng: lng + d },
  { lat: lat - d, lng: lng + d },
  { lat: lat - d, lng: lng - d },
];
const ringOf = (z: ZoneView): Ring => z.coordinates.coordinates[0]!.map(([lng, lat]) => ({ lat, lng }));

async function admin() {
  return (await tokenFor(Role.admin)).token;
}
async function zonesNow(token: string): Promise<ZoneView[]> {
  return (await call<{ zones: ZoneView[] }>('GET', '/api/zones', { token })).body.zones;
}
const save = (token: string, zones: unknown) => call<SaveAnswer & ErrorAnswer>('POST', '/api/zones/save', { token, body: { zones } });

describe('getZones', () => {
  let zones: ZoneView[];
  beforeAll(async () => {
    const { token } = await tokenFor(Role.broker);
    const res = await call<{ status: number; zones: ZoneView[] }>('GET', '/api/zones', { token });
    expect(res.status).toBe(200);
    zones = res.body.zones;
  });

  it('answers the seeded photoshoot and sales zones with closed GeoJSON rings of [lng, lat] and their version', () => {
    expect(zones.filter((z) => z.type === 1).map((z) => z.zone_name)).toEqual(['Montréal', 'Laval – Rive-Nord', 'Rive-Sud', 'Québec – Lévis']);
    expect(zones.filter((z) => z.type === 2)).toHaveLength(2);
    for (const z of zones) {
      const ring = z.coordinates.coordinates[0]!;
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      expect(ring[0]![0]).toBeLessThan(-60);
      expect(z.version).toBeGreaterThanOrEqual(1);
    }
  });

  it('filters by type and needs a session', async () => {
    const token = await admin();
    const res = await call<{ zones: ZoneView[] }>('GET', '/api/zones?type=2', { token });
    expect(res.body.zones.every((z) => z.type === 2)).toBe(true);
    expect((await call('GET', '/api/zones?type=7', { token })).status).toBe(400);
    expect((await call('GET', '/api/zones')).status).toBe(401);
  });

  it('covers every demo address of the served area, and none in Sherbrooke or Gatineau', () => {
    const photoshoot = zones.filter((z) => z.type === 1).map(ringOf);
    for (const place of GAZETTEER.filter((p) => p.kind === 'address')) {
      const served = photoshoot.some((ring) => pointInPolygon(place, ring));
      expect(served, `${place.address}, ${place.city}`).toBe(!['Sherbrooke', 'Gatineau'].includes(place.city));
    }
  });
});

describe('saveZones: who and what', () => {
  it('is for admin levels only', async () => {
    const body = { update: [], create: [], delete: [] };
    expect((await save('', body)).status).toBe(401);
    for (const role of [Role.broker, Role.tech_capture, Role.tech_postprod, Role.sales]) {
      expect((await save((await tokenFor(role)).token, body)).status, `role ${role}`).toBe(403);
    }
    expect((await save((await tokenFor(Role.superadmin)).token, body)).status).toBe(200);
  });

  it('needs a drawn, closed shape and a trimmed name, with the spec’s messages', async () => {
    const token = await admin();
    const fields = async (create: unknown) => {
      const res = await save(token, { create: [create] });
      expect(res.status).toBe(400);
      return Object.values(res.body.error.fields ?? {}).flat();
    };
    const ok = { id: 'temp-1', zone_name: 'Zone test', type: 1, coordinates: square(49.2, -68.2) };
    expect(await fields({ ...ok, coordinates: [] })).toContain(ZONE_MESSAGES.noShape);
    expect(await fields({ ...ok, coordinates: square(49.2, -68.2).slice(0, 4) })).toContain(ZONE_MESSAGES.noShape); // not closed
    expect(await fields({ ...ok, coordinates: [ok.coordinates[0], ok.coordinates[1], ok.coordinates[0], ok.coordinates[0]] })).toContain(ZONE_MESSAGES.noShape); // two distinct points
    expect(await fields({ ...ok, coordinates: undefined })).toContain(ZONE_MESSAGES.noShape);
    expect(await fields({ ...ok, zone_name: '   ' })).toContain(ZONE_MESSAGES.noName);
    expect(await fields({ ...ok, zone_name: undefined })).toContain(ZONE_MESSAGES.noName);
  });

  it('answers 400, never 500, on hostile forms', async () => {
    const token = await admin();
    const ok = { id: 'temp-1', zone_name: 'Zone test', type: 1, coordinates: square(49.2, -68.2) };
    for (const zones of [
      null,
      'all',
      { create: [{ ...ok, id: '12' }] },
      { create: [{ ...ok, id: 'temp-' + 'x'.repeat(200) }] },
      { create: [{ ...ok, type: 3 }] },
      { create: [{ ...ok, coordinates: [{ lat: 'a', lng: 1 }] }] },
      { create: [{ ...ok, coordinates: [{ lat: 95, lng: 0 }, { lat: 0, lng: 0 }, { lat: 1, lng: 1 }, { lat: 95, lng: 0 }] }] },
      { create: [ok, ok] },
      { update: [{ ...ok, id: 5 }] }, // no version
      { delete: [{ id: 5, version: 1 }, { id: 5, version: 1 }] },
      { delete: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, version: 1 })) },
    ]) {
      const res = await save(token, zones);
      expect(res.status, JSON.stringify(zones).slice(0, 80)).toBe(400);
    }
  });
});

describe('saveZones: create, update, delete', () => {
  it('creates from temporary ids, updates with the version read, deletes; getZones reads each change at once', async () => {
    const token = await admin();
    const created = await save(token, { create: [{ id: 'temp-a', zone_name: '  Baie-Comeau  ', type: 1, coordinates: square(49.22, -68.15) }] });
    expect(created.status).toBe(200);
    const id = created.body.result.created['temp-a']!;
    expect(id).toBeGreaterThan(0);
    const mine = (await zonesNow(token)).find((z) => z.id === id)!;
    expect(mine).toMatchObject({ zone_name: 'Baie-Comeau', type: 1, version: 1 });
    expect(ringOf(mine)).toEqual(square(49.22, -68.15));

    const updated = await save(token, { update: [{ id, version: 1, zone_name: 'Baie-Comeau – Manicouagan', type: 2, coordinates: square(49.22, -68.15, 0.1) }] });
    expect(updated.status).toBe(200);
    expect(updated.body.result.zones.find((z) => z.id === id)).toMatchObject({ zone_name: 'Baie-Comeau – Manicouagan', type: 2, version: 2 });

    // A save made from the first reading (version 1) is refused: the change above is not lost.
    const stale = await save(token, { update: [{ id, version: 1, zone_name: 'Old', type: 1, coordinates: square(49.22, -68.15) }] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(ZONE_MESSAGES.stale);
    expect(stale.body.error.details).toEqual({ shootings: [], userZones: [], stale: [id] });
    expect((await save(token, { delete: [{ id, version: 1 }] })).status).toBe(409);

    const deleted = await save(token, { delete: [{ id, version: 2 }] });
    expect(deleted.status).toBe(200);
    expect((await zonesNow(token)).some((z) => z.id === id)).toBe(false);
    expect((await save(token, { update: [{ id, version: 2, zone_name: 'Gone', type: 1, coordinates: square(49.22, -68.15) }] })).status).toBe(409);
  });

  it('applies all or nothing: one stale zone keeps the others of the save unwritten', async () => {
    const token = await admin();
    const res = await save(token, { create: [{ id: 'temp-b', zone_name: 'Rimouski', type: 2, coordinates: square(48.45, -68.52) }] });
    const id = res.body.result.created['temp-b']!;
    const both = await save(token, {
      create: [{ id: 'temp-c', zone_name: 'Matane', type: 2, coordinates: square(48.85, -67.53) }],
      update: [{ id, version: 7, zone_name: 'Rimouski 2', type: 2, coordinates: square(48.45, -68.52) }],
    });
    expect(both.status).toBe(409);
    const names = (await zonesNow(token)).map((z) => z.zone_name);
    expect(names).not.toContain('Matane');
    expect(names).not.toContain('Rimouski 2');
    expect((await save(token, { delete: [{ id, version: 1 }] })).status).toBe(200);
  });

  it('two administrators saving the same zone at once: one wins, the other gets 409, nothing is lost', async () => {
    const token = await admin();
    const other = (await tokenFor(Role.superadmin)).token;
    const res = await save(token, { create: [{ id: 'temp-d', zone_name: 'Sept-Îles', type: 2, coordinates: square(50.21, -66.38) }] });
    const id = res.body.result.created['temp-d']!;
    const answers = await Promise.all(
      ['Sept-Îles A', 'Sept-Îles B'].map((name, i) => save(i ? other : token, { update: [{ id, version: 1, zone_name: name, type: 2, coordinates: square(50.21, -66.38) }] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    const stored = (await zonesNow(token)).find((z) => z.id === id)!;
    expect(stored).toMatchObject({ zone_name: winner ? 'Sept-Îles B' : 'Sept-Îles A', version: 2 });
    expect((await save(token, { delete: [{ id, version: 2 }] })).status).toBe(200);
  });

  it('takes effect at once where the product places shootings (the city check of the booking)', async () => {
    const token = await admin();
    const point = { city: 'Baie-Comeau', lat: 49.22, lng: -68.15 };
    expect((await call('POST', '/api/shootings/validate-city', { token, body: point })).status).toBe(422);
    const res = await save(token, { create: [{ id: 'temp-e', zone_name: 'Côte-Nord', type: 1, coordinates: square(49.22, -68.15) }] });
    const id = res.body.result.created['temp-e']!;
    const served = await call<{ zone_ids: number[] }>('POST', '/api/shootings/validate-city', { token, body: point });
    expect(served.status).toBe(200);
    expect(served.body.zone_ids).toEqual([id]);
    expect((await save(token, { delete: [{ id, version: 1 }] })).status).toBe(200);
    expect((await call('POST', '/api/shootings/validate-city', { token, body: point })).status).toBe(422);
  });
});

describe('saveZones: a deletion blocked by shootings and users (409)', () => {
  let token: string;
  let montreal: ZoneView;
  beforeAll(async () => {
    token = await admin();
    montreal = (await zonesNow(token)).find((z) => z.zone_name === 'Montréal')!;
  });

  it('lists the upcoming shootings (date and address) and the users (main or backup zone), and deletes nothing', async () => {
    const res = await save(token, { delete: [{ id: montreal.id, version: montreal.version }] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(ZONE_MESSAGES.blocked);
    const details = res.body.error.details!;
    const today = localDateOf(Date.now());
    expect(details.shootings.length).toBeGreaterThan(0);
    for (const s of details.shootings) {
      expect(s.zone_id).toBe(montreal.id);
      expect(s.scheduleddate >= today).toBe(true);
      expect(s.address).not.toBe('');
    }
    expect(details.shootings.map((s) => s.address)).toContain('6000 Boulevard Saint-Laurent');
    const names = (backup: boolean) => details.userZones.filter((u) => u.backup === backup).map((u) => `${u.firstname} ${u.lastname}`);
    expect(names(false)).toEqual(expect.arrayContaining(['Mathieu Caron', 'Isabelle Fournier', 'Patrick Lemieux', 'Geneviève Paquette']));
    expect(names(true)).toEqual(expect.arrayContaining(['Olivier Bélanger', 'Sébastien Poirier', 'Maxime Leblanc', 'Valérie Nadeau']));
    expect(details.stale).toEqual([]);
    expect((await zonesNow(token)).find((z) => z.id === montreal.id)?.version).toBe(montreal.version);
  });

  it('a shooting still covered by a zone that stays does not block; a zone no one uses is deleted', async () => {
    const twin = await save(token, { create: [{ id: 'temp-f', zone_name: 'Montréal (copie)', type: 1, coordinates: ringOf(montreal) }] });
    const id = twin.body.result.created['temp-f']!;
    const res = await save(token, { delete: [{ id, version: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.result.zones.some((z) => z.id === id)).toBe(false);
  });
});

describe('zone map data', () => {
  it('broker offices: position, listing and broker counts, for admin levels', async () => {
    await putBrokerOffices([
      { id: 900_001, name: 'Bureau test Nord', lat: 45.6, lng: -73.6, listing_count: 12, broker_count: 3 },
      { id: 900_002, name: 'Bureau test Sud', lat: 45.4, lng: -73.5, listing_count: 0, broker_count: 1 },
    ]);
    const res = await call<{ offices: BrokerOfficeView[] }>('GET', '/api/broker-offices', { token: await admin() });
    expect(res.status).toBe(200);
    expect(res.body.offices).toEqual(expect.arrayContaining([{ id: 900_001, name: 'Bureau test Nord', lat: 45.6, lng: -73.6, listing_count: 12, broker_count: 3 }]));
    expect((await call('GET', '/api/broker-offices', { token: (await tokenFor(Role.broker)).token })).status).toBe(403);
  });

  it('shootings of a period inside a zone, every depot, the zone’s technicians', async () => {
    const token = await admin();
    const montreal = (await zonesNow(token)).find((z) => z.zone_name === 'Montréal')!;
    const today = localDateOf(Date.now());
    const url = (q: string) => `/api/zones/map-data?${q}`;
    const all = await call<{ result: ZoneMapData }>('GET', url(`start_date=${today}&end_date=${addDays(today, 10)}`), { token });
    expect(all.status).toBe(200);
    const inZone = await call<{ result: ZoneMapData }>('GET', url(`zone_id=${montreal.id}&start_date=${today}&end_date=${addDays(today, 10)}`), { token });
    expect(inZone.status).toBe(200);
    const { shootings, depots, techs } = inZone.body.result;
    expect(shootings.length).toBeGreaterThan(0);
    expect(shootings.length).toBeLessThan(all.body.result.shootings.length);
    for (const s of shootings) expect(pointInPolygon(s, ringOf(montreal))).toBe(true);
    expect(depots.length).toBeGreaterThanOrEqual(4);
    expect(techs.map((t) => t.lastname)).toEqual(expect.arrayContaining(['Caron', 'Bélanger']));
    expect(techs.every((t) => t.zone_id === montreal.id || t.backupZones.includes(montreal.id))).toBe(true);
    expect((await call('GET', url(`start_date=${today}&end_date=${addDays(today, 80)}`), { token })).status).toBe(400);
    expect((await call('GET', url(`start_date=${today}&end_date=${addDays(today, -1)}`), { token })).status).toBe(400);
    expect((await call('GET', url(`zone_id=999999&start_date=${today}&end_date=${today}`), { token })).status).toBe(404);
    expect((await call('GET', url(`start_date=${today}&end_date=${today}`), { token: (await tokenFor(Role.tech_capture)).token })).status).toBe(403);
  });
});
