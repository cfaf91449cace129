import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, tokenFor } from '../support/api.ts';
import { horizonHalfDay, ownDay, ownHalfDay, quietDay } from '../support/days.ts';
import { dayFigures } from '#functions/use-cases/route-figures.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { lockDay, unlockDay } from '#functions/storage/day-locks.ts';
import { addUnavailability, removeUnavailability } from '#functions/storage/unavailabilities.ts';
import { assignProdShooting, unassignShootingTech } from '#shared/catalogue/planner.ts';
import { SHOOTING_MESSAGES, cancelShooting, getAllShootings, getShooting, getShootingAdmin, updateShootingCompletion, updateShootingTime, type ShootingView } from '#shared/catalogue/shootings.ts';
import type { InputOf } from '#shared/catalogue/index.ts';
import { ShootingState } from '#shared/enums.ts';
import { addDays, dayStartMs } from '#shared/rules/business-time.ts';
import { BOOKING_HORIZON_DAYS, lastBookableDay } from '#shared/rules/booking-horizon.ts';
import { Role } from '#shared/roles.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { book, day, planningBrokerToken } from './booking-support.ts';


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
  let date: string;
  beforeAll(async () => {
    broker = (await tokenFor(Role.broker)).token;
    other = await planningBrokerToken(0);
    date = ownDay();
    mine = await book(broker, '2500 Rue Beaubien Est', date, true);
    theirs = await book(other, '7000 Avenue du Parc', date, false);
  });

  it("gives a broker their own shootings only, in date order, with the seeded pending and confirmed ones", async () => {
    const { data } = bodyOf(await callOp(getAllShootings, {}, broker));
    const ids = data.map((s) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(data.every((s) => s.listing.broker.lastname === 'Roy')).toBe(true);
    const dates = data.map((s) => s.scheduleddate);
    expect(dates).toEqual([...dates].sort());
    expect(data.some((s) => s.is_confirmed && s.starttime)).toBe(true);
    expect(data.some((s) => !s.is_confirmed && s.state === ShootingState.unconfirmed)).toBe(true);
  });

  it("a broker's range reads only that range of their own, both ends included", async () => {
    const all = bodyOf(await callOp(getAllShootings, {}, broker)).data;
    const ranged = bodyOf(await callOp(getAllShootings, { from: date, to: date }, broker)).data;
    expect(ranged.map((s) => s.id)).toEqual(all.filter((s) => s.scheduleddate === date).map((s) => s.id));
    expect(ranged.map((s) => s.id)).toContain(mine.id);
    const after = bodyOf(await callOp(getAllShootings, { from: addDays(date, 1) }, broker)).data;
    expect(after.map((s) => s.id)).toEqual(all.filter((s) => s.scheduleddate > date).map((s) => s.id));
    const until = bodyOf(await callOp(getAllShootings, { to: date }, broker)).data;
    expect(until.map((s) => s.id)).toEqual(all.filter((s) => s.scheduleddate <= date).map((s) => s.id));
    expect(bodyOf(await callOp(getAllShootings, { from: addDays(date, 1), to: date }, broker)).data).toEqual([]);
    const tech = (await tokenFor(Role.tech_capture)).token;
    for (const range of [{ to: date }, { from: addDays(date, 1), to: date }]) expect((await callOp(getAllShootings, range, tech)).status, JSON.stringify(range)).toBe(200);
  });

  it("answers 404 for another broker's shooting and for a missing one; 400 for a bad id", async () => {
    expect((await callOp(getShooting, { shooting_id: theirs.id }, broker)).status).toBe(404);
    expect((await callOp(getShooting, { shooting_id: 99999999 }, broker)).status).toBe(404);
    expect((await callOp(getShooting, { shooting_id: 'abc' }, broker)).status).toBe(400);
    const own = bodyOf(await callOp(getShooting, { shooting_id: mine.id }, broker));
    expect(own.data).toMatchObject({ id: mine.id, am: true, is_confirmed: false });
  });

  it('gives staff (1, 2, 5, 8) every shooting of a date range; others 403', async () => {
    for (const role of [Role.superadmin, Role.admin, Role.tech_postprod, Role.tech_postprod_lead] as const) {
      const { token } = await tokenFor(role);
      const res = bodyOf(await callOp(getAllShootings, { from: date, to: date }, token));
      expect(res.data.map((s) => s.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect((await callOp(getShooting, { shooting_id: theirs.id }, token)).status).toBe(200);
    }
    const sales = (await tokenFor(Role.sales)).token;
    expect((await callOp(getAllShootings, {}, sales)).status).toBe(403);
    const admin = (await tokenFor(Role.admin)).token;
    expect((await callOp(getAllShootings, { from: day(-10), to: day(BOOKING_HORIZON_DAYS) }, admin)).status).toBe(400);
  });

  it("staff's list without a range reaches the last bookable day: a shooting booked at the horizon is in it", async () => {
    const date = horizonHalfDay(true);
    expect(date).toBe(lastBookableDay());
    const atHorizon = await book(broker, '2500 Rue Beaubien Est', date, true);
    try {
      for (const role of [Role.admin, Role.tech_postprod] as const) {
        const listed = bodyOf(await callOp(getAllShootings, {}, (await tokenFor(role)).token)).data.map((s) => s.id);
        expect(listed).toContain(atHorizon.id);
      }
    } finally {
      await callOp(cancelShooting, { shooting_id: atHorizon.id }, broker);
    }
  });

  it('gives a capture technician the shootings assigned to them only', async () => {
    const tech = (await tokenFor(Role.tech_capture)).token;
    const res = bodyOf(await callOp(getAllShootings, {}, tech));
    expect(res.data.map((s) => s.id)).not.toContain(mine.id);
    expect((await callOp(getShooting, { shooting_id: mine.id }, tech)).status).toBe(404);
  });
});

describe('updateShootingTime', () => {
  let broker: string;
  beforeAll(async () => {
    broker = (await tokenFor(Role.broker)).token;
  });

  it('moves an unconfirmed shooting of the caller to another available half-day', async () => {
    const s = await book(broker, '1500 Rue Ontario Est', ownHalfDay(true), true);
    const target = ownHalfDay(false);
    const res = bodyOf(await callOp(updateShootingTime, { shooting_id: s.id, scheduleddate: Date.parse(`${target}T12:00:00-04:00`), is_am: false }, broker));
    expect(res).toMatchObject({ success: true, data: { scheduleddate: target, am: false } });
    const item = await stored(s.id);
    expect(item).toMatchObject({ scheduleddate: target, am: false, gsi2pk: `DAY#${target}` });
    expect(item.version).toBe(2);
  });

  it("answers 404 for another broker's shooting, 409 for a confirmed one, 422 for the same slot, 400 for bad input; nothing changes", async () => {
    const other = await planningBrokerToken(1);
    const [date, elsewhere] = [ownHalfDay(false), quietDay()];
    const theirs = await book(other, '1600 Boulevard Le Corbusier', date, false);
    expect((await callOp(updateShootingTime, { shooting_id: theirs.id, scheduleddate: elsewhere, is_am: true }, broker)).status).toBe(404);
    expect((await stored(theirs.id)).scheduleddate).toBe(date);

    const s = await book(broker, '3200 Rue Wellington', date, false);
    expect((await callOp(updateShootingTime, { shooting_id: s.id, scheduleddate: date, is_am: false }, broker)).status).toBe(422);
    // Raw call: a date in words and a boolean in words break the input type on purpose.
    expect((await call('PUT', `/api/shootings/${s.id}/time`, { token: broker, body: { scheduleddate: 'next week', is_am: 'yes' } })).status).toBe(400);
    await confirm(s.id);
    const res = errorOf(await callOp(updateShootingTime, { shooting_id: s.id, scheduleddate: elsewhere, is_am: true }, broker), 409);
    expect(res.message).toBe(SHOOTING_MESSAGES.alreadyConfirmed);
    expect((await stored(s.id)).scheduleddate).toBe(date);
  });

  it('refuses a half-day that is no longer available (409): Québec on the seeded day +2 has no technician', async () => {
    const quebecBroker = await planningBrokerToken(3);
    const date = ownHalfDay(true);
    const q = await book(quebecBroker, '5000 Boulevard des Gradins', date, true);
    const res = errorOf(await callOp(updateShootingTime, { shooting_id: q.id, scheduleddate: day(2), is_am: false }, quebecBroker), 409);
    expect(res.message).toBe(SHOOTING_MESSAGES.slotTaken);
    expect((await stored(q.id)).scheduleddate).toBe(date);
  });
});

describe('updateShootingTime of an assigned shooting: the technician stays only if they can take the new half-day (Québec: 1014, 1015)', () => {
  const ADDRESS = '5000 Boulevard des Gradins';
  let broker: string;
  let planner: string;
  beforeAll(async () => {
    broker = await planningBrokerToken(3);
    planner = (await tokenFor(Role.admin)).token;
  });
  const undo: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const u of undo.splice(0)) await u();
  });

  /** A shooting booked on a morning of its own and assigned by hand. */
  async function assigned(techId: number, force = false): Promise<ShootingView> {
    const s = await book(broker, ADDRESS, ownHalfDay(true), true);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: s.id, tech_id: techId, force_assigned: force }, planner)).success).toBe(true);
    return s;
  }
  const moveTo = async (s: ShootingView, date: string) => bodyOf(await callOp(updateShootingTime, { shooting_id: s.id, scheduleddate: date, is_am: false }, broker));

  it("keeps a technician who can take it, under their index at the new date, with its leg of that day's route", async () => {
    const s = await assigned(1014);
    const before = (await stored(s.id)).distance;
    const target = ownDay();
    // 1014's morning there: the moved shooting's leg now comes from this one, not from home.
    const morning = await book(broker, '1200 Avenue Cartier', target, true);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: morning.id, tech_id: 1014, force_assigned: false }, planner)).success).toBe(true);
    await moveTo(s, target);
    const item = await stored(s.id);
    expect(item).toMatchObject({ scheduleddate: target, am: false, tech_id: 1014, reserved_tech_id: 1014, gsi3sk: keys.shootingTechIndex(1014, target, s.id).gsi3sk });
    expect(item.distance).toBe((await dayFigures(target)).legs.find((l) => l.shootingId === s.id)!.km);
    expect(item.distance).not.toBe(before);
  });

  it("stores its leg when a colleague's drop changes the day, without making the shooting dialog opened before it stale (ADR 0640)", async () => {
    const s = await assigned(1014);
    const { version } = bodyOf(await callOp(getShootingAdmin, { shooting_id: s.id }, planner)).data;
    const legBefore = await stored(s.id);
    // Another shooting of the same morning dropped on 1014: the day's legs are stored again.
    const other = await book(broker, '1200 Avenue Cartier', s.scheduleddate, true);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: other.id, tech_id: 1014, force_assigned: false }, planner)).success).toBe(true);
    const legAfter = await stored(s.id);
    expect(legAfter.distance).toBe((await dayFigures(s.scheduleddate)).legs.find((l) => l.shootingId === s.id)!.km);
    expect(legAfter.version).toBe(legBefore.version);
    expect(bodyOf(await callOp(updateShootingCompletion, { shooting_id: s.id, version, all_services_delivered: true }, planner)).data).toMatchObject({ all_services_delivered: true });
  });

  it('taken from its technician, leaves the legs of the route left stored as it now runs: the next shooting no longer comes from it', async () => {
    const a = await assigned(1014);
    const b = await book(broker, '1200 Avenue Cartier', a.scheduleddate, true);
    expect(bodyOf(await callOp(assignProdShooting, { shooting_id: b.id, tech_id: 1014, force_assigned: false }, planner)).success).toBe(true);
    // The morning's two shootings lead 1014's route (the half-day is this test's own).
    const route = (await dayFigures(a.scheduleddate)).techs.find((t) => t.tech_id === 1014)!.route;
    const [first, second] = route.indexOf(a.id) < route.indexOf(b.id) ? [a, b] : [b, a];
    const legFromFirst = (await stored(second.id)).distance as number;
    bodyOf(await callOp(unassignShootingTech, { shooting_id: first.id }, planner));
    const leg = (await stored(second.id)).distance;
    expect(leg).toBe((await dayFigures(a.scheduleddate)).legs.find((l) => l.shootingId === second.id)!.km);
    expect(leg).not.toBe(legFromFirst);
  });

  it('sends it back to unassigned, holding the one who fits, when the technician is day-locked on the new day', async () => {
    const s = await assigned(1014);
    const target = ownDay();
    await lockDay(target, 1014);
    undo.push(() => unlockDay(target, 1014));
    await moveTo(s, target);
    const item = await stored(s.id);
    expect(item).toMatchObject({ scheduleddate: target, reserved_tech_id: 1015, force_assigned: false });
    expect(item.tech_id ?? null).toBeNull();
    expect(item.gsi3pk).toBeUndefined();
  });

  it('does the same when the technician is unavailable that half-day', async () => {
    const s = await assigned(1015);
    const target = ownDay();
    const start = dayStartMs(target);
    const away = await addUnavailability(1015, new Date(start).toISOString(), new Date(start + 24 * 3_600_000).toISOString(), 'test');
    undo.push(() => removeUnavailability(away));
    await moveTo(s, target);
    const item = await stored(s.id);
    expect(item).toMatchObject({ scheduleddate: target, reserved_tech_id: 1014 });
    expect(item.tech_id ?? null).toBeNull();
  });

  it('does the same, clearing the forced flag, when the technician was forced on from outside the zone', async () => {
    const s = await assigned(1006, true);
    expect(await stored(s.id)).toMatchObject({ tech_id: 1006, force_assigned: true });
    await moveTo(s, ownHalfDay(false));
    const item = await stored(s.id);
    expect(item.tech_id ?? null).toBeNull();
    expect(item.force_assigned).toBe(false);
    expect([1014, 1015]).toContain(item.reserved_tech_id);
  });
});

describe('cancelShooting', () => {
  let broker: string;
  beforeAll(async () => {
    broker = (await tokenFor(Role.broker)).token;
  });
  const cancel = (token: string, id: number | string, fields: Omit<InputOf<typeof cancelShooting>, 'shooting_id'> = {}) => callOp(cancelShooting, { shooting_id: id, ...fields }, token);

  it('cancels an unconfirmed shooting of the caller; a second time is a 409', async () => {
    const s = await book(broker, '5100 Chemin de la Côte-des-Neiges', ownHalfDay(false), false);
    const res = bodyOf(await cancel(broker, s.id, { cancellation_reason: '' }));
    expect(res).toEqual({ status: 200, message: 'The shooting was cancelled with success.' });
    expect(await stored(s.id)).toMatchObject({ state: ShootingState.canceled });
    expect((await cancel(broker, s.id)).status).toBe(409);
  });

  it("refuses a confirmed shooting with 409 and a message, another broker's with 404, a bad id with 400", async () => {
    const date = ownDay();
    const s = await book(broker, '8200 Boulevard Newman', date, false);
    await confirm(s.id);
    expect(errorOf(await cancel(broker, s.id), 409).message).toBe(SHOOTING_MESSAGES.alreadyConfirmed);
    const theirs = await book(await planningBrokerToken(2), '150 Rue Saint-Charles Ouest', date, true);
    expect((await cancel(broker, theirs.id)).status).toBe(404);
    expect((await stored(theirs.id)).state).toBe(ShootingState.unconfirmed);
    expect((await cancel(broker, 'undefined')).status).toBe(400);
  });

  it("lets admin levels cancel anyone's with a reason of at least 5 characters (400 otherwise, nothing written)", async () => {
    const theirs = await book(await planningBrokerToken(2), '2100 Boulevard Roland-Therrien', ownHalfDay(false), false);
    const admin = (await tokenFor(Role.admin)).token;
    const short = errorOf(await cancel(admin, theirs.id, { cancellation_reason: ' abc ' }), 400);
    expect(short.fields!.cancellation_reason).toEqual([SHOOTING_MESSAGES.reasonTooShort]);
    expect((await stored(theirs.id)).state).toBe(ShootingState.unconfirmed);
    const ok = await cancel(admin, theirs.id, { cancellation_reason: 'Client a vendu' });
    expect(ok.status).toBe(200);
    expect(await stored(theirs.id)).toMatchObject({ state: ShootingState.canceled, cancellation_reason: 'Client a vendu', canceled_by: 102 });
    expect(PLANNING_BROKERS[2]!.id).toBe((await stored(theirs.id)).broker_id);
  });
});
