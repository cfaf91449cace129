import { beforeAll, describe, expect, it } from 'vitest';
import { createDepot, DEPOT_MESSAGES, getDepot, getDepots, removeDepot, updateDepot, type DepotView } from '#shared/catalogue/depots.ts';
import type { ErrorBody } from '#shared/catalogue/errors.ts';
import { Role } from '#shared/roles.ts';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { DEPOT_MISSING } from '#functions/storage/depots.ts';
import { getUser, insertUser, setTechnicianProfile } from '#functions/storage/users.ts';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/** Part 2 "Depots": every depot operation through the local adapter, against DynamoDB Local (docs/decisions/0145). */

let admin: string;
let superadmin: string;

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  superadmin = (await tokenFor(Role.superadmin)).token;
});

let made = 0;
/** A street no other test (or run) uses, so a search finds only this test's depot. */
const freshStreet = () => `Rue du Test ${Date.now().toString(36)}-${(made += 1)}`;

const fields = (street = freshStreet()) => ({ civic_number: '1200', street, city: 'Laval', lat: 45.57, lng: -73.72 });

async function create(as = admin): Promise<DepotView> {
  return bodyOf(await callOp(createDepot, fields(), as)).depot;
}

const listed = async (id: number) => bodyOf(await callOp(getDepots, {}, admin)).depots.find((d) => d.id === id);

const fieldsOf = (res: { body: unknown }) => (res.body as ErrorBody).error.fields ?? {};

/** A capture technician of this test, with a depot or none (written as the user form will: through users storage). */
async function technicianWith(depot_id: number | null): Promise<number> {
  const id = await nextId('user', 1000);
  const at = new Date().toISOString();
  await insertUser({ id, role: Role.tech_capture, email: `depot-tech-${id}@test.example`, firstname: 'Dépôt', lastname: `Tech${id}`, depot_id, password_hash: 'not-a-login', created_at: at, updated_at: at });
  return id;
}

const profileWith = (depot_id: number | null) => ({ zone_id: null, backupZones: [], depot_id, home: null, service_offers: [], shooting_packages: [] });

describe('roles (route /depots: 1, 2)', () => {
  it('lets roles 1 and 2 use every call; every other role gets 403, no token 401, and nothing changes', async () => {
    const depot = await create(superadmin);
    expect((await callOp(getDepots, {}, superadmin)).status).toBe(200);
    for (const role of [Role.broker, Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead, Role.sales]) {
      const { token } = await tokenFor(role);
      expect(errorOf(await callOp(getDepots, {}, token), 403).code).toBe('forbidden');
      expect((await callOp(getDepot, { id: depot.id }, token)).status).toBe(403);
      expect((await callOp(createDepot, fields(), token)).status).toBe(403);
      expect((await callOp(updateDepot, { ...fields(), id: depot.id, version: depot.version }, token)).status).toBe(403);
      expect((await callOp(removeDepot, { id: depot.id }, token)).status).toBe(403);
    }
    expect((await callOp(getDepots, {})).status).toBe(401);
    expect((await callOp(removeDepot, { id: depot.id })).status).toBe(401);
    expect(await listed(depot.id)).toEqual(depot);
  });
});

describe('createDepot and getDepots', () => {
  it('creates a depot with an id (strings trimmed, lat and lng also as text) and lists it', async () => {
    const street = freshStreet();
    const res = bodyOf(await callOp(createDepot, { civic_number: ' 55 ', street: `  ${street} `, city: ' Québec ', lat: '46.81', lng: ' -71.21 ' }, admin));
    expect(res.depot).toEqual({ id: expect.any(Number), civic_number: '55', street, city: 'Québec', lat: 46.81, lng: -71.21, version: 1 });
    expect(await listed(res.depot.id)).toEqual(res.depot);
    expect(bodyOf(await callOp(getDepot, { id: res.depot.id }, admin)).depot).toEqual(res.depot);
  });

  it("reads a decimal comma as a point in lat and lng ('45,5017', as the French list shows them), on create and update", async () => {
    const created = bodyOf(await callOp(createDepot, { ...fields(), lat: '45,5017', lng: ' -73,5673 ' }, admin)).depot;
    expect([created.lat, created.lng]).toEqual([45.5017, -73.5673]);
    const updated = bodyOf(await callOp(updateDepot, { id: created.id, version: created.version, ...fields(created.street), lat: '46,8139', lng: '-71,208' }, admin)).depot;
    expect([updated.lat, updated.lng]).toEqual([46.8139, -71.208]);
    for (const [lat, lng] of [['45,50,17', '-73.5,1'], ['45,', ',5'], ['4 5,5', '-73,5e1']]) {
      const res = await call('POST', '/api/depots', { token: admin, body: { ...fields(), lat, lng } });
      expect(Object.keys(fieldsOf(res)).sort()).toEqual(['lat', 'lng']);
    }
  });

  it.each([
    ['nothing', {}, ['street', 'city', 'lat', 'lng']],
    ['blank street and city', { ...fields(), street: '   ', city: '' }, ['street', 'city']],
    ['a latitude out of range and a text longitude', { ...fields(), lat: 91, lng: 'west' }, ['lat', 'lng']],
    ['blank coordinates', { ...fields(), lat: '', lng: ' ' }, ['lat', 'lng']],
    ['wrong types', { civic_number: 12, street: ['x'], city: { a: 1 }, lat: true, lng: null }, ['civic_number', 'street', 'city', 'lat', 'lng']],
    ['an over-long civic number', { ...fields(), civic_number: '1'.repeat(21) }, ['civic_number']],
  ])('answers 400 with a field error each for %s, and creates nothing', async (_name, body, expected) => {
    const before = bodyOf(await callOp(getDepots, {}, admin)).depots.length;
    // Raw call: the body is what the types forbid.
    const res = await call('POST', '/api/depots', { token: admin, body });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res)).sort()).toEqual([...expected].sort());
    expect(fieldsOf(res).street ?? [DEPOT_MESSAGES.streetRequired]).toContain(DEPOT_MESSAGES.streetRequired);
    expect(bodyOf(await callOp(getDepots, {}, admin)).depots.length).toBe(before);
  });

  it.each(['abc', '1e3', '0x10', '-4', '1.5', '12%20OR%201=1', '1%3B%20DROP', '9'.repeat(40)])('answers 400 (never 500) for the hostile id %s in a path', async (hostile) => {
    expect((await call('GET', `/api/depots/${hostile}`, { token: admin })).status).toBe(400);
    expect((await call('PUT', `/api/depots/${hostile}`, { token: admin, body: { ...fields(), version: 1 } })).status).toBe(400);
    expect((await call('POST', `/api/depots/${hostile}/remove`, { token: admin, body: {} })).status).toBe(400);
  });

  it('answers 404 for an id no depot has', async () => {
    expect((await callOp(getDepot, { id: 987_654_321 }, admin)).status).toBe(404);
    expect((await callOp(updateDepot, { ...fields(), id: 987_654_321, version: 1 }, admin)).status).toBe(404);
    expect((await callOp(removeDepot, { id: 987_654_321 }, admin)).status).toBe(404);
  });
});

describe('updateDepot', () => {
  it('modifies from the version read; a second write from the same reading answers 409 and is not applied', async () => {
    const depot = await create();
    const first = bodyOf(await callOp(updateDepot, { ...fields(depot.street), civic_number: '1300', id: depot.id, version: depot.version }, admin)).depot;
    expect(first).toMatchObject({ id: depot.id, civic_number: '1300', version: 2 });
    const stale = errorOf(await callOp(updateDepot, { ...fields(depot.street), civic_number: '9999', id: depot.id, version: depot.version }, admin), 409);
    expect(stale.message).toBe(DEPOT_MESSAGES.changedMeanwhile);
    expect(await listed(depot.id)).toEqual(first);
  });

  it('lets exactly one of concurrent edits from one reading through (no lost update)', async () => {
    const depot = await create();
    const answers = await Promise.all(['1', '2', '3', '4'].map((n) => callOp(updateDepot, { ...fields(depot.street), civic_number: n, id: depot.id, version: depot.version }, admin)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.ok);
    expect((await listed(depot.id))?.civic_number).toBe(winner?.ok ? winner.body.depot.civic_number : 'none');
  });

  it('is not made stale by a user taking the depot (the counter is not the version)', async () => {
    const depot = await create();
    await technicianWith(depot.id);
    expect(bodyOf(await callOp(updateDepot, { ...fields(depot.street), city: 'Terrebonne', id: depot.id, version: depot.version }, admin)).depot.city).toBe('Terrebonne');
  });

  it('modifies a depot written before its user counter existed, keeps the counter unknown, and never deletes it as unused', async () => {
    const depot = await create();
    // As an item of a table older than the counter (ADR 0145): no user_count.
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.depot(depot.id), UpdateExpression: 'REMOVE user_count' }));
    const saved = bodyOf(await callOp(updateDepot, { ...fields(depot.street), city: 'Blainville', id: depot.id, version: depot.version }, admin)).depot;
    expect(saved).toMatchObject({ city: 'Blainville', version: depot.version + 1 });
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.depot(depot.id), ConsistentRead: true }));
    expect(Item).toMatchObject({ city: 'Blainville' });
    expect(Item!.user_count).toBeUndefined();
    expect(errorOf(await callOp(removeDepot, { id: depot.id, version: saved.version }, admin), 409).message).toBe(DEPOT_MESSAGES.referenced);
  });

  it('answers 400 with field errors on junk, and changes nothing', async () => {
    const depot = await create();
    const res = await call('PUT', `/api/depots/${depot.id}`, { token: admin, body: { ...fields(depot.street), lat: 'north', version: 'latest' } });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res)).sort()).toEqual(['lat', 'version']);
    expect(await listed(depot.id)).toEqual(depot);
  });
});

describe('removeDepot', () => {
  it("refuses (409, the spec's message) while a user names the depot, and deletes it once no user does", async () => {
    const depot = await create();
    const tech = await technicianWith(depot.id);
    const refused = errorOf(await callOp(removeDepot, { id: depot.id, version: depot.version }, admin), 409);
    expect(refused.message).toBe('Depot is still assigned to one or more users. Please remove the depot from all users.');
    expect(await listed(depot.id)).toEqual(depot);

    // The user moves to another depot: the first is free, the second named.
    const other = await create();
    expect(await setTechnicianProfile(tech, profileWith(other.id))).toBe(true);
    expect((await getUser(tech))?.depot_id).toBe(other.id);
    expect(errorOf(await callOp(removeDepot, { id: other.id }, admin), 409).message).toBe(DEPOT_MESSAGES.referenced);
    expect(bodyOf(await callOp(removeDepot, { id: depot.id, version: depot.version }, admin))).toEqual({ status: 200, id: depot.id });
    expect(await listed(depot.id)).toBeUndefined();
    expect((await callOp(getDepot, { id: depot.id }, admin)).status).toBe(404);

    // Two users, one leaves: still named; the second leaves: free.
    const second = await technicianWith(other.id);
    await setTechnicianProfile(tech, profileWith(null));
    expect((await callOp(removeDepot, { id: other.id }, admin)).status).toBe(409);
    await setTechnicianProfile(second, profileWith(null));
    expect((await callOp(removeDepot, { id: other.id }, admin)).status).toBe(200);
  });

  it('refuses a stale version with 409 and keeps the depot', async () => {
    const depot = await create();
    bodyOf(await callOp(updateDepot, { ...fields(depot.street), id: depot.id, version: depot.version }, admin));
    expect(errorOf(await callOp(removeDepot, { id: depot.id, version: depot.version }, admin), 409).message).toBe(DEPOT_MESSAGES.changedMeanwhile);
    expect(await listed(depot.id)).toBeDefined();
  });

  it('refuses to give a user a depot that no longer exists (400 on depot_id), so no user names a deleted depot', async () => {
    const depot = await create();
    bodyOf(await callOp(removeDepot, { id: depot.id }, admin));
    await expect(technicianWith(depot.id)).rejects.toMatchObject({ status: 400, fields: { depot_id: [DEPOT_MISSING] } });
    const tech = await technicianWith(null);
    await expect(setTechnicianProfile(tech, profileWith(depot.id))).rejects.toMatchObject({ status: 400 });
    expect((await getUser(tech))?.depot_id).toBeNull();
  });

  it('never leaves a user naming a deleted depot when a deletion and user writes race', async () => {
    for (let round = 0; round < 4; round++) {
      const depot = await create();
      const [removal, ...users] = await Promise.allSettled([
        callOp(removeDepot, { id: depot.id }, admin),
        technicianWith(depot.id),
        technicianWith(depot.id),
      ]);
      const removed = removal.status === 'fulfilled' && removal.value.status === 200;
      const named = users.filter((u) => u.status === 'fulfilled').length;
      // Either the depot went first (both users refused) or a user did (the deletion refused): never both.
      if (removed) expect(named).toBe(0);
      else expect(named).toBeGreaterThan(0);
      expect((await listed(depot.id)) === undefined).toBe(removed);
    }
  });
});
