import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, tokenFor } from '../support/api.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { SHOOTING_MESSAGES, type ShootingView } from '#shared/catalogue/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { bookingAt, day, planningBrokerToken } from './booking-support.ts';

type Answer = { data: ShootingView };
type List = { data: ShootingView[] };

async function book(token: string, address: string, n: number, am: boolean): Promise<ShootingView> {
  const res = await call<Answer & { error?: unknown }>('POST', '/api/shootings', { token, body: bookingAt(address, day(n), am) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function confirm(id: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shooting(id),
      UpdateExpression: 'SET is_confirmed = :t, #s = :c, version = version + :one',
      ExpressionAttributeNames: { '#s': 'state' },
      ExpressionAttributeValues: { ':t': true, ':c': ShootingState.confirmed, ':one': 1 },
    }),
  );
}

async function stored(id: number) {
  return (await db.send(new GetCommand({ TableName: tableName(), Key: keys.shooting(id), ConsistentRead: true }))).Item!;
}

describe('getAllShootings and getShooting', () => {
  let broker: string;
  let other: string;
  let mine: ShootingView;
  let theirs: ShootingView;
  beforeAll(async () => {
    broker = (await tokenFor(Role.broker)).token;
    other = await planningBrokerToken(0);
    mine = await book(broker, '2500 Rue Beaubien Est', 12, true);
    theirs = await book(other, '7000 Avenue du Parc', 12, false);
  });

  it("gives a broker their own shootings only, in date order, with the seeded pending and confirmed ones", async () => {
    const res = await call<List>('GET', '/api/shootings', { token: broker });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((s) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body.data.every((s) => s.listing.broker.lastname === 'Roy')).toBe(true);
    const dates = res.body.data.map((s) => s.scheduleddate);
    expect(dates).toEqual([...dates].sort());
    expect(res.body.data.some((s) => s.is_confirmed && s.starttime)).toBe(true);
    expect(res.body.data.some((s) => !s.is_confirmed && s.state === ShootingState.unconfirmed)).toBe(true);
  });

  it("answers 404 for another broker's shooting and for a missing one; 400 for a bad id", async () => {
    expect((await call('GET', `/api/shootings/${theirs.id}`, { token: broker })).status).toBe(404);
    expect((await call('GET', '/api/shootings/99999999', { token: broker })).status).toBe(404);
    expect((await call('GET', '/api/shootings/abc', { token: broker })).status).toBe(400);
    const own = await call<Answer>('GET', `/api/shootings/${mine.id}`, { token: broker });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: mine.id, am: true, is_confirmed: false });
  });

  it('gives staff (1, 2, 5, 8) every shooting of a date range; others 403', async () => {
    for (const role of [Role.superadmin, Role.admin, Role.tech_postprod, Role.tech_postprod_lead] as const) {
      const { token } = await tokenFor(role);
      const res = await call<List>('GET', `/api/shootings?from=${day(12)}&to=${day(12)}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.data.map((s) => s.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect((await call('GET', `/api/shootings/${theirs.id}`, { token })).status).toBe(200);
    }
    const sales = (await tokenFor(Role.sales)).token;
    expect((await call('GET', '/api/shootings', { token: sales })).status).toBe(403);
    const admin = (await tokenFor(Role.admin)).token;
    expect((await call('GET', `/api/shootings?from=${day(0)}&to=${day(90)}`, { token: admin })).status).toBe(400);
  });

  it('gives a capture technician the shootings assigned to them only', async () => {
    const tech = (await tokenFor(Role.tech_capture)).token;
    const res = await call<List>('GET', '/api/shootings', { token: tech });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.id)).not.toContain(mine.id);
    expect((await call('GET', `/api/shootings/${mine.id}`, { token: tech })).status).toBe(404);
  });
});

describe('updateShootingTime', () => {
  let broker: string;
  beforeAll(async () => {
    broker = (await tokenFor(Role.broker)).token;
  });

  it('moves an unconfirmed shooting of the caller to another available half-day', async () => {
    const s = await book(broker, '1500 Rue Ontario Est', 13, true);
    const target = day(14);
    const res = await call<{ success: boolean; data: ShootingView }>('PUT', `/api/shootings/${s.id}/time`, { token: broker, body: { scheduleddate: Date.parse(`${target}T12:00:00-04:00`), is_am: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { scheduleddate: target, am: false } });
    const item = await stored(s.id);
    expect(item).toMatchObject({ scheduleddate: target, am: false, gsi2pk: `DAY#${target}` });
    expect(item.version).toBe(2);
  });

  it("answers 404 for another broker's shooting, 409 for a confirmed one, 422 for the same slot, 400 for bad input; nothing changes", async () => {
    const other = await planningBrokerToken(1);
    const theirs = await book(other, '1600 Boulevard Le Corbusier', 13, false);
    expect((await call('PUT', `/api/shootings/${theirs.id}/time`, { token: broker, body: { scheduleddate: day(15), is_am: true } })).status).toBe(404);
    expect((await stored(theirs.id)).scheduleddate).toBe(day(13));

    const s = await book(broker, '3200 Rue Wellington', 13, false);
    expect((await call('PUT', `/api/shootings/${s.id}/time`, { token: broker, body: { scheduleddate: day(13), is_am: false } })).status).toBe(422);
    expect((await call('PUT', `/api/shootings/${s.id}/time`, { token: broker, body: { scheduleddate: 'next week', is_am: 'yes' } })).status).toBe(400);
    await confirm(s.id);
    const res = await call<{ error: { message: string } }>('PUT', `/api/shootings/${s.id}/time`, { token: broker, body: { scheduleddate: day(15), is_am: true } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(SHOOTING_MESSAGES.alreadyConfirmed);
    expect((await stored(s.id)).scheduleddate).toBe(day(13));
  });

  it('refuses a half-day that is no longer available (409): Québec on the seeded day +2 has no technician', async () => {
    const quebecBroker = await planningBrokerToken(3);
    const q = await book(quebecBroker, '5000 Boulevard des Gradins', 13, true);
    const res = await call<{ error: { message: string } }>('PUT', `/api/shootings/${q.id}/time`, { token: quebecBroker, body: { scheduleddate: day(2), is_am: false } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(SHOOTING_MESSAGES.slotTaken);
    expect((await stored(q.id)).scheduleddate).toBe(day(13));
  });
});

describe('cancelShooting', () => {
  let broker: string;
  beforeAll(async () => {
    broker = (await tokenFor(Role.broker)).token;
  });
  const cancel = (token: string, id: number | string, body: Record<string, unknown> = {}) =>
    call<{ status?: number; message?: string; error?: { message: string; fields?: Record<string, string[]> } }>('PUT', `/api/shootings/${id}/cancel`, { token, body });

  it('cancels an unconfirmed shooting of the caller; a second time is a 409', async () => {
    const s = await book(broker, '5100 Chemin de la Côte-des-Neiges', 16, true);
    const res = await cancel(broker, s.id, { cancellation_reason: '' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'The shooting was cancelled with success.' });
    expect(await stored(s.id)).toMatchObject({ state: ShootingState.canceled });
    expect((await cancel(broker, s.id)).status).toBe(409);
  });

  it("refuses a confirmed shooting with 409 and a message, another broker's with 404, a bad id with 400", async () => {
    const s = await book(broker, '8200 Boulevard Newman', 16, false);
    await confirm(s.id);
    const res = await cancel(broker, s.id);
    expect(res.status).toBe(409);
    expect(res.body.error!.message).toBe(SHOOTING_MESSAGES.alreadyConfirmed);
    const theirs = await book(await planningBrokerToken(2), '150 Rue Saint-Charles Ouest', 16, true);
    expect((await cancel(broker, theirs.id)).status).toBe(404);
    expect((await stored(theirs.id)).state).toBe(ShootingState.unconfirmed);
    expect((await cancel(broker, 'undefined')).status).toBe(400);
  });

  it("lets admin levels cancel anyone's with a reason of at least 5 characters (400 otherwise, nothing written)", async () => {
    const theirs = await book(await planningBrokerToken(2), '2100 Boulevard Roland-Therrien', 16, false);
    const admin = (await tokenFor(Role.admin)).token;
    const short = await cancel(admin, theirs.id, { cancellation_reason: ' abc ' });
    expect(short.status).toBe(400);
    expect(short.body.error!.fields!.cancellation_reason).toEqual([SHOOTING_MESSAGES.reasonTooShort]);
    expect((await stored(theirs.id)).state).toBe(ShootingState.unconfirmed);
    const ok = await cancel(admin, theirs.id, { cancellation_reason: 'Client a vendu' });
    expect(ok.status).toBe(200);
    expect(await stored(theirs.id)).toMatchObject({ state: ShootingState.canceled, cancellation_reason: 'Client a vendu', canceled_by: 102 });
    expect(PLANNING_BROKERS[2]!.id).toBe((await stored(theirs.id)).broker_id);
  });
});
