import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf, statusOf } from '../support/operations.ts';
import { GAZETTEER, demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting } from '#functions/storage/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import { ownDay } from '../support/days.ts';
import { putBrokerOffices } from '#functions/storage/broker-offices.ts';
import { REFERENCE_MISSING, insertUser, newUserId, setTechnicianProfile, type TechnicianProfile } from '#functions/storage/users.ts';
import { applyZoneChanges, listZones, pointInPolygon } from '#functions/storage/zones.ts';
import type { ErrorBody, InputOf } from '#shared/catalogue/index.ts';
import { validateShootingCity } from '#shared/catalogue/shootings.ts';
import {
  ZONE_MESSAGES,
  getRestatsBrokerOffices,
  getShootingsAndDepotsForZones,
  getZones,
  saveZones,
  zoneSaveConflict,
  type ZoneChanges,
  type ZoneView,
} from '#shared/catalogue/zones.ts';
import { localDateOf, addDays } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';

type Ring = Array<{ lat: number; lng: number }>;

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
  return bodyOf(await callOp(getZones, {}, token)).zones;
}
const save = (token: string, zones: ZoneChanges) => callOp(saveZones, { zones }, token);
/** A raw save, for forms the operation's type forbids (hostile input, missing fields). */
const saveRaw = (token: string, zones: unknown) => call<ErrorBody>('POST', saveZones.path, { token, body: { zones } });
/** The details of a refused save (409). */
const conflictOf = (res: Awaited<ReturnType<typeof save>>) => zoneSaveConflict.parse(errorOf(res, 409).details);

describe('getZones', () => {
  let zones: ZoneView[];
  beforeAll(async () => {
    const { token } = await tokenFor(Role.broker);
    // reference-holds.test.ts, which may run before this file on its stack, makes zones of its own named 'Hold …'.
    zones = bodyOf(await callOp(getZones, {}, token)).zones.filter((z) => !z.zone_name.startsWith('Hold '));
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
    expect(bodyOf(await callOp(getZones, { type: 2 }, token)).zones.every((z) => z.type === 2)).toBe(true);
    errorOf(await callOp(getZones, { type: 7 }, token), 400);
    errorOf(await callOp(getZones, {}), 401);
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
    // Past the role check, a save that changes nothing is refused (a junk body never passes as an empty save).
    const empty = await saveRaw((await tokenFor(Role.superadmin)).token, body);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(ZONE_MESSAGES.nothing);
  });

  it('needs a drawn, closed shape and a trimmed name, with the spec’s messages', async () => {
    const token = await admin();
    const fields = async (create: unknown) => {
      const res = await saveRaw(token, { create: [create] });
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
      const res = await saveRaw(token, zones);
      expect(res.status, JSON.stringify(zones).slice(0, 80)).toBe(400);
    }
  });
});

/**
 * A save's answer is the zones as stored after it. Other files save zones of their own meanwhile, so
 * only the seeded zones (all of them) and the zones both hold are compared.
 */
async function expectStoredAsAnswered(token: string, answered: readonly ZoneView[]) {
  const stored = await zonesNow(token);
  for (const zone of answered) {
    const now = stored.find((z) => z.id === zone.id);
    if (now) expect(zone).toEqual(now);
  }
  const seeded = stored.filter((z) => ['Montréal', 'Laval', 'Rive-Sud', 'Québec – Lévis', 'Ventes – Grand Montréal', 'Ventes – Estrie'].includes(z.zone_name));
  expect(seeded.length).toBeGreaterThanOrEqual(4);
  for (const zone of seeded) expect(answered).toContainEqual(zone);
}

describe('saveZones: create, update, delete', () => {
  it('creates from temporary ids, updates with the version read, deletes; getZones reads each change at once', async () => {
    const token = await admin();
    const created = await save(token, { create: [{ id: 'temp-a', zone_name: '  Baie-Comeau  ', type: 1, coordinates: square(49.22, -68.15) }] });
    const id = bodyOf(created).result.created['temp-a']!;
    expect(id).toBeGreaterThan(0);
    // The save answers the zones as it left them: what getZones reads after it.
    await expectStoredAsAnswered(token, bodyOf(created).result.zones);
    const mine = (await zonesNow(token)).find((z) => z.id === id)!;
    expect(mine).toMatchObject({ zone_name: 'Baie-Comeau', type: 1, version: 1 });
    expect(ringOf(mine)).toEqual(square(49.22, -68.15));

    const updated = await save(token, { update: [{ id, version: 1, zone_name: 'Baie-Comeau – Manicouagan', type: 2, coordinates: square(49.22, -68.15, 0.1) }] });
    expect(bodyOf(updated).result.zones.find((z) => z.id === id)).toMatchObject({ zone_name: 'Baie-Comeau – Manicouagan', type: 2, version: 2 });
    await expectStoredAsAnswered(token, bodyOf(updated).result.zones);

    // A save made from the first reading (version 1) is refused: the change above is not lost.
    const stale = await save(token, { update: [{ id, version: 1, zone_name: 'Old', type: 1, coordinates: square(49.22, -68.15) }] });
    expect(errorOf(stale, 409).message).toBe(ZONE_MESSAGES.stale);
    expect(conflictOf(stale)).toEqual({ shootings: [], userZones: [], stale: [id] });
    expect((await save(token, { delete: [{ id, version: 1 }] })).status).toBe(409);

    const deleted = bodyOf(await save(token, { delete: [{ id, version: 2 }] }));
    expect((await zonesNow(token)).some((z) => z.id === id)).toBe(false);
    await expectStoredAsAnswered(token, deleted.result.zones);
    expect(deleted.result.zones.some((z) => z.id === id)).toBe(false);
    expect((await save(token, { update: [{ id, version: 2, zone_name: 'Gone', type: 1, coordinates: square(49.22, -68.15) }] })).status).toBe(409);
  });

  it('applies all or nothing: one stale zone keeps the others of the save unwritten', async () => {
    const token = await admin();
    const res = await save(token, { create: [{ id: 'temp-b', zone_name: 'Rimouski', type: 2, coordinates: square(48.45, -68.52) }] });
    const id = bodyOf(res).result.created['temp-b']!;
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
    const id = bodyOf(res).result.created['temp-d']!;
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
    errorOf(await callOp(validateShootingCity, point, token), 422);
    const res = await save(token, { create: [{ id: 'temp-e', zone_name: 'Côte-Nord', type: 1, coordinates: square(49.22, -68.15) }] });
    const id = bodyOf(res).result.created['temp-e']!;
    expect(bodyOf(await callOp(validateShootingCity, point, token)).zone_ids).toEqual([id]);
    expect((await save(token, { delete: [{ id, version: 1 }] })).status).toBe(200);
    errorOf(await callOp(validateShootingCity, point, token), 422);
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
    expect(errorOf(res, 409).message).toBe(ZONE_MESSAGES.blocked);
    const details = conflictOf(res);
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

  it('a shooting already on site or captured needs no zone: it never blocks a deletion', async () => {
    const place = demoAddress('6000 Boulevard Saint-Laurent');
    const listing = await insertListing({ address: place.address, app: `Z${Date.now() % 1_000_000}`, city: place.city, postalcode: place.postalcode, room_count: 4, is_house: true, lat: place.lat, lng: place.lng, state: 0, broker_id: 900001, broker: { firstname: 'B', lastname: 'R' } });
    const now = new Date().toISOString();
    const date = ownDay();
    const ids: Record<string, number> = {};
    for (const [name, state] of [['captured', ShootingState.captured], ['on site', ShootingState.inprogress], ['to take', ShootingState.confirmed]] as const) {
      const s = await insertShooting(
        { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: 900001, scheduleddate: date, am: true, is_confirmed: true, state, estimated_duration: 3600, room_count: 4, created_at: now, updated_at: now },
        { lat: place.lat, lng: place.lng, reserved_tech_id: null },
      );
      ids[name] = s.id;
    }
    const listed = conflictOf(await save(token, { delete: [{ id: montreal.id, version: montreal.version }] })).shootings.map((s) => s.id);
    expect(listed).toContain(ids['to take']);
    expect(listed).not.toContain(ids.captured);
    expect(listed).not.toContain(ids['on site']);
  });

  it('a shooting still covered by a zone that stays does not block; a zone no one uses is deleted', async () => {
    const twin = await save(token, { create: [{ id: 'temp-f', zone_name: 'Montréal (copie)', type: 1, coordinates: ringOf(montreal) }] });
    const id = bodyOf(twin).result.created['temp-f']!;
    const res = bodyOf(await save(token, { delete: [{ id, version: 1 }] }));
    expect(res.result.zones.some((z) => z.id === id)).toBe(false);
  });
});

describe('saveZones: a switch to sales or a new shape strands like a deletion (409)', () => {
  let token: string;
  let montreal: ZoneView;
  /** What the Montréal zone's deletion is refused with. */
  let deletion: ReturnType<typeof conflictOf>;
  beforeAll(async () => {
    token = await admin();
    montreal = (await zonesNow(token)).find((z) => z.zone_name === 'Montréal')!;
    deletion = conflictOf(await save(token, { delete: [{ id: montreal.id, version: montreal.version }] }));
  });
  const montrealAs = (change: { type?: 1 | 2; coordinates?: Ring }) => ({
    id: montreal.id,
    version: montreal.version,
    zone_name: montreal.zone_name,
    type: change.type ?? montreal.type,
    coordinates: change.coordinates ?? ringOf(montreal),
  });
  /** A refused save; one that went through (the defect) is undone first, so the zones stay as seeded. */
  async function refused(changes: ZoneChanges) {
    const res = await save(token, changes);
    if (res.status === 200) {
      const now = (await zonesNow(token)).find((z) => z.id === montreal.id)!;
      bodyOf(await save(token, { update: [{ ...montrealAs({}), version: now.version }] }));
    }
    return res;
  }

  it('switching the Montréal zone to sales answers the deletion’s 409: the same users and shootings, nothing written', async () => {
    expect(deletion.shootings.map((s) => s.address)).toContain('6000 Boulevard Saint-Laurent');
    const res = await refused({ create: [{ id: 'temp-g', zone_name: 'Tadoussac', type: 2, coordinates: square(48.15, -69.72) }], update: [montrealAs({ type: 2 })] });
    expect(errorOf(res, 409).message).toBe(ZONE_MESSAGES.blocked);
    expect(conflictOf(res)).toEqual(deletion);
    const after = await zonesNow(token);
    expect(after.find((z) => z.id === montreal.id)).toMatchObject({ type: 1, version: montreal.version });
    expect(after.map((z) => z.zone_name)).not.toContain('Tadoussac');
  });

  it('a new shape that leaves out upcoming shootings no other photoshoot zone covers lists them; users keep a reshaped zone', async () => {
    const res = await refused({ update: [montrealAs({ coordinates: square(52.0, -77.0, 0.01) })] });
    expect(errorOf(res, 409).message).toBe(ZONE_MESSAGES.blocked);
    expect(conflictOf(res)).toEqual({ shootings: deletion.shootings, userZones: [], stale: [] });
    expect((await zonesNow(token)).find((z) => z.id === montreal.id)?.version).toBe(montreal.version);
  });

  it('a new shape is saved when the shootings it leaves out stay covered, and a change of name only is never held up', async () => {
    const far = square(52.0, -77.0, 0.01);
    const moved = bodyOf(await save(token, { create: [{ id: 'temp-h', zone_name: 'Montréal (relève)', type: 1, coordinates: ringOf(montreal) }], update: [montrealAs({ coordinates: far })] }));
    const twin = moved.result.created['temp-h']!;
    try {
      expect(ringOf(moved.result.zones.find((z) => z.id === montreal.id)!)).toEqual(far);
    } finally {
      // Back as seeded in one save: the twin's shootings are Montréal's again.
      bodyOf(await save(token, { update: [{ ...montrealAs({}), version: montreal.version + 1 }], delete: [{ id: twin, version: 1 }] }));
    }
    const unchanged = bodyOf(await save(token, { update: [{ ...montrealAs({}), version: montreal.version + 2 }] }));
    expect(unchanged.result.zones.find((z) => z.id === montreal.id)).toMatchObject({ type: 1, version: montreal.version + 3 });
    expect(ringOf(unchanged.result.zones.find((z) => z.id === montreal.id)!)).toEqual(ringOf(montreal));
  });
});

describe('saveZones: a switch to sales and the users who name the zone', () => {
  const NO_PROFILE: TechnicianProfile = { zone_id: null, backupZones: [], depot_id: null, home: null, service_offers: [], shooting_packages: [] };
  async function newTechnician(): Promise<number> {
    const id = await newUserId();
    const at = new Date().toISOString();
    await insertUser({ id, firstname: 'Switch', lastname: `Tech${id}`, email: `switch.${id}@test.local`, role: Role.tech_capture, password_hash: 'x', created_at: at, updated_at: at });
    return id;
  }
  /** A photoshoot zone of its own, far from every shooting. */
  async function ownZone(token: string, lat: number): Promise<ZoneView> {
    const res = bodyOf(await save(token, { create: [{ id: 'temp-s', zone_name: `Switch ${lat}`, type: 1, coordinates: square(lat, -76.5, 0.01) }] }));
    return res.result.zones.find((z) => z.id === res.result.created['temp-s'])!;
  }
  const as = (zone: ZoneView, type: 1 | 2, version = zone.version) => ({ id: zone.id, version, zone_name: zone.zone_name, type, coordinates: ringOf(zone) });

  it('a technician naming the zone blocks its switch; let go, the switch goes through, and back to photoshoot too', async () => {
    const token = await admin();
    const zone = await ownZone(token, 51.2);
    const tech = await newTechnician();
    await setTechnicianProfile(tech, { ...NO_PROFILE, zone_id: zone.id });
    const res = await save(token, { update: [as(zone, 2)] });
    expect(errorOf(res, 409).message).toBe(ZONE_MESSAGES.blocked);
    expect(conflictOf(res)).toEqual({ shootings: [], userZones: [{ user_id: tech, firstname: 'Switch', lastname: `Tech${tech}`, zone_id: zone.id, backup: false }], stale: [] });
    await setTechnicianProfile(tech, NO_PROFILE);
    expect(bodyOf(await save(token, { update: [as(zone, 2)] })).result.zones.find((z) => z.id === zone.id)).toMatchObject({ type: 2, version: 2 });
    expect(bodyOf(await save(token, { update: [as(zone, 1, 2)] })).result.zones.find((z) => z.id === zone.id)).toMatchObject({ type: 1, version: 3 });
    bodyOf(await save(token, { delete: [{ id: zone.id, version: 3 }] }));
  });

  it('a technician taking the zone after the switch checked its users makes the switch fail; once switched, no technician may take it', async () => {
    const token = await admin();
    const zone = await ownZone(token, 51.3);
    const tech = await newTechnician();
    // The race in the losing order: stamps read, the technician's write, then the switch.
    const readBefore = new Map((await listZones()).filter((z) => z.id === zone.id).map((z) => [z.id, z.holder_stamp]));
    await setTechnicianProfile(tech, { ...NO_PROFILE, backupZones: [zone.id] });
    expect(await statusOf(applyZoneChanges({ update: [as(zone, 2)], create: [], delete: [] }, readBefore))).toEqual({ status: 'conflict', fields: undefined });
    expect((await listZones()).find((z) => z.id === zone.id)).toMatchObject({ type: 1, version: 1 });
    await setTechnicianProfile(tech, NO_PROFILE);
    bodyOf(await save(token, { update: [as(zone, 2)] }));
    // The other order: the switch first, then a technician given the (now sales) zone.
    expect(await statusOf(setTechnicianProfile(tech, { ...NO_PROFILE, zone_id: zone.id }))).toEqual({ status: 'bad_request', fields: { zone_id: [REFERENCE_MISSING] } });
    bodyOf(await save(token, { delete: [{ id: zone.id, version: 2 }] }));
  });
});

describe('zone map data', () => {
  it('broker offices: position, listing and broker counts, for admin levels', async () => {
    await putBrokerOffices([
      { id: 900_001, name: 'Bureau test Nord', lat: 45.6, lng: -73.6, listing_count: 12, broker_count: 3 },
      { id: 900_002, name: 'Bureau test Sud', lat: 45.4, lng: -73.5, listing_count: 0, broker_count: 1 },
    ]);
    const res = bodyOf(await callOp(getRestatsBrokerOffices, {}, await admin()));
    expect(res.offices).toEqual(expect.arrayContaining([{ id: 900_001, name: 'Bureau test Nord', lat: 45.6, lng: -73.6, listing_count: 12, broker_count: 3 }]));
    errorOf(await callOp(getRestatsBrokerOffices, {}, (await tokenFor(Role.broker)).token), 403);
  });

  it('shootings of a period inside a zone, every depot, the zone’s technicians', async () => {
    const token = await admin();
    const montreal = (await zonesNow(token)).find((z) => z.zone_name === 'Montréal')!;
    const today = localDateOf(Date.now());
    const mapData = (input: InputOf<typeof getShootingsAndDepotsForZones>, as = token) => callOp(getShootingsAndDepotsForZones, input, as);
    const all = bodyOf(await mapData({ start_date: today, end_date: addDays(today, 10) })).result;
    const inZone = bodyOf(await mapData({ zone_id: montreal.id, start_date: today, end_date: addDays(today, 10) })).result;
    const { shootings, depots, techs } = inZone;
    expect(shootings.length).toBeGreaterThan(0);
    expect(shootings.length).toBeLessThan(all.shootings.length);
    for (const s of shootings) expect(pointInPolygon(s, ringOf(montreal))).toBe(true);
    expect(depots.length).toBeGreaterThanOrEqual(4);
    expect(techs.map((t) => t.lastname)).toEqual(expect.arrayContaining(['Caron', 'Bélanger']));
    expect(techs.every((t) => t.zone_id === montreal.id || t.backupZones.includes(montreal.id))).toBe(true);
    errorOf(await mapData({ start_date: today, end_date: addDays(today, 80) }), 400);
    errorOf(await mapData({ start_date: today, end_date: addDays(today, -1) }), 400);
    errorOf(await mapData({ zone_id: 999999, start_date: today, end_date: today }), 404);
    errorOf(await mapData({ start_date: today, end_date: today }, (await tokenFor(Role.tech_capture)).token), 403);
  });
});
