import { describe, expect, it } from 'vitest';
import { deleteServiceOffer, getServiceOffer, insertServiceOffer } from '#functions/storage/service-offers.ts';
import { deleteShootingPackage, getShootingPackage, insertShootingPackage } from '#functions/storage/shooting-packages.ts';
import { REFERENCE_MISSING, insertUser, newUserId, setTechnicianProfile, type TechnicianProfile } from '#functions/storage/users.ts';
import { applyZoneChanges, listZones, type StoredZone } from '#functions/storage/zones.ts';
import { Role } from '#shared/roles.ts';
import { ZONE_MESSAGES, getZones, saveZones, type ZoneView } from '#shared/catalogue/zones.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf, statusOf } from '../support/operations.ts';
import { ownHalfDay } from '../support/days.ts';
import { book, planningBrokerToken } from './booking-support.ts';

/**
 * A deletion that checked an item's holders cannot race a write that starts naming the item
 * (docs/decisions/0167): the holder's write changes the item's holder stamp, the deletion is
 * conditioned on the stamp it read before checking. Each race is played in the losing order:
 * stamps read, then the holder's write, then the deletion.
 */

const NO_PROFILE: TechnicianProfile = { zone_id: null, backupZones: [], depot_id: null, home: null, service_offers: [], shooting_packages: [] };

async function newTechnician(): Promise<number> {
  const id = await newUserId();
  const at = new Date().toISOString();
  await insertUser({ id, firstname: 'Hold', lastname: `Race${id}`, email: `hold.${id}@test.local`, role: Role.tech_capture, password_hash: 'x', created_at: at, updated_at: at });
  return id;
}

/** A new photoshoot zone far from everything else (its own square), as the editor creates it. */
async function newZone(token: string, lat: number): Promise<ZoneView> {
  const ring = [
    { lat, lng: -70.5 },
    { lat: lat + 0.01, lng: -70.5 },
    { lat: lat + 0.01, lng: -70.49 },
    { lat, lng: -70.49 },
    { lat, lng: -70.5 },
  ];
  const name = `Hold ${lat}`;
  bodyOf(await callOp(saveZones, { zones: { update: [], create: [{ id: `temp-${Math.round(lat * 1000)}`, zone_name: name, type: 1, coordinates: ring }], delete: [] } }, token));
  return bodyOf(await callOp(getZones, {}, token)).zones.find((z) => z.zone_name === name)!;
}

const stampsOf = (zones: readonly StoredZone[]) => new Map(zones.map((z) => [z.id, z.holder_stamp]));
const deleteOnly = (zone: ZoneView) => ({ update: [], create: [], delete: [{ id: zone.id, version: zone.version }] });


describe('zones held by users and bookings', () => {
  it('a technician taking a zone after the deletion checked its users makes the deletion fail (409), and the zone stays', async () => {
    const { token } = await tokenFor(Role.admin);
    const zone = await newZone(token, 47.101);
    const tech = await newTechnician();
    const readBefore = stampsOf(await listZones());
    await setTechnicianProfile(tech, { ...NO_PROFILE, backupZones: [zone.id] });
    expect(await statusOf(applyZoneChanges(deleteOnly(zone), readBefore))).toEqual({ status: 'conflict', fields: undefined });
    expect((await listZones()).some((z) => z.id === zone.id)).toBe(true);
    // Through the editor, the deletion now finds the technician and says so.
    const refused = errorOf(await callOp(saveZones, { zones: deleteOnly(zone) }, token), 409);
    expect(refused.message).toBe(ZONE_MESSAGES.blocked);
    // Once the technician lets it go, it can be deleted.
    await setTechnicianProfile(tech, NO_PROFILE);
    bodyOf(await callOp(saveZones, { zones: deleteOnly(zone) }, token));
  });

  it('a zone no one took since the read is deleted; a technician given it afterwards gets a 400 on the field', async () => {
    const { token } = await tokenFor(Role.admin);
    const zone = await newZone(token, 47.111);
    bodyOf(await callOp(saveZones, { zones: deleteOnly(zone) }, token));
    const tech = await newTechnician();
    expect(await statusOf(setTechnicianProfile(tech, { ...NO_PROFILE, zone_id: zone.id }))).toEqual({ status: 'bad_request', fields: { zone_id: [REFERENCE_MISSING] } });
  });

  it('a booking inside a zone changes its holder stamp, so a deletion that checked the shootings before fails', async () => {
    const zones = await listZones();
    const montreal = zones.find((z) => z.zone_name === 'Montréal')!;
    await book(await planningBrokerToken(), '1500 Rue Ontario Est', ownHalfDay(false), false);
    const after = (await listZones()).find((z) => z.id === montreal.id)!;
    expect(after.holder_stamp).not.toBe(montreal.holder_stamp);
    expect(after.version).toBe(montreal.version);
  });
});

describe('catalogue items held by users', () => {
  it('a technician taking a service offer after its deletion checked the holders makes the deletion fail', async () => {
    const offer = await insertServiceOffer(await offerFields());
    const readBefore = (await getServiceOffer(offer.id))!;
    await setTechnicianProfile(await newTechnician(), { ...NO_PROFILE, service_offers: [offer.id] });
    expect(await statusOf(deleteServiceOffer(readBefore))).toMatchObject({ status: 'conflict' });
    expect(await getServiceOffer(offer.id)).toBeDefined();
  });

  it('a technician taking a package after its deletion checked the holders makes the deletion fail; unheld, it is deleted', async () => {
    const fields = await packageFields();
    const held = await insertShootingPackage({ ...fields, key_name: `${fields.key_name}-held` });
    const readBefore = (await getShootingPackage(held.id))!;
    await setTechnicianProfile(await newTechnician(), { ...NO_PROFILE, shooting_packages: [held.id] });
    expect(await statusOf(deleteShootingPackage(readBefore))).toMatchObject({ status: 'conflict' });

    const free = await insertShootingPackage({ ...fields, key_name: `${fields.key_name}-free` });
    expect(await statusOf(deleteShootingPackage((await getShootingPackage(free.id))!))).toEqual({ status: 'ok' });
    expect(await statusOf(setTechnicianProfile(await newTechnician(), { ...NO_PROFILE, shooting_packages: [free.id] }))).toEqual({ status: 'bad_request', fields: { shooting_packages: [REFERENCE_MISSING] } });
  });
});

/** Fields of a new catalogue item, copied from a seeded one under a fresh key name. */
async function offerFields() {
  const { id: _id, created_at: _c, updated_at: _u, version: _v, holder_stamp: _h, ...fields } = (await getServiceOffer(1))!;
  return { ...fields, key_name: `hold-offer-${Date.now()}-${Math.random().toString(36).slice(2)}` };
}
async function packageFields() {
  const { id: _id, created_at: _c, updated_at: _u, version: _v, holder_stamp: _h, ...fields } = (await getShootingPackage(1))!;
  return { ...fields, key_name: `hold-package-${Date.now()}-${Math.random().toString(36).slice(2)}` };
}
