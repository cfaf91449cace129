import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { ownDay, ownDays, quietDay } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { getShootingItem } from '#functions/storage/shootings.ts';
import {
  addAvailabilityForTechs,
  addUserAvailability,
  CALENDAR_MESSAGES,
  createUserUnavailability,
  getAllScheduleForTimeperiod,
  getPhotographers,
  getUserScheduleForTimeperiod,
  removeAvailability,
  removeUnavailability,
} from '#shared/catalogue/calendar.ts';
import { dispatchShooting, getRouteFigures } from '#shared/catalogue/planner.ts';
import { validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { Role } from '#shared/roles.ts';
import { book, planningBrokerToken, slotsRequest } from './booking-support.ts';

/** The Québec zone has two technicians (1014, 1015): the day's capacity there is theirs alone. */
const QUEBEC = [1014, 1015] as const;
const QUEBEC_ADDRESS = '1200 Avenue Cartier';

describe('technician calendar (part 2 §2, §5, §6, §7 Availability)', () => {
  let admin: string;
  let tech: { token: string; id: number };
  beforeAll(async () => {
    admin = (await tokenFor(Role.admin)).token;
    const t = await tokenFor(Role.tech_capture);
    tech = { token: t.token, id: t.account.id };
  });

  it('lists every capture technician to an administrator, only themselves to a technician', async () => {
    const all = bodyOf(await callOp(getPhotographers, {}, admin)).photographers.map((p) => p.id);
    expect(all).toEqual(expect.arrayContaining([tech.id, ...QUEBEC]));
    expect(bodyOf(await callOp(getPhotographers, {}, tech.token)).photographers.map((p) => p.id)).toEqual([tech.id]);
  });

  it('lets a technician add, read and remove their own availability, and nobody else’s', async () => {
    const date = ownDay();
    expect(bodyOf(await callOp(removeAvailability, { user_id: tech.id, date }, tech.token)).status).toBe(200);
    let mine = bodyOf(await callOp(getUserScheduleForTimeperiod, { user_id: tech.id, start: date, end: date }, tech.token));
    expect(mine.availabilities).toEqual([]);
    const added = bodyOf(await callOp(addUserAvailability, { user_id: tech.id, dates: [date] }, tech.token));
    expect(added.availabilities).toEqual([{ user_id: tech.id, date, user: expect.objectContaining({ id: tech.id }) }]);
    mine = bodyOf(await callOp(getUserScheduleForTimeperiod, { user_id: tech.id, start: date, end: date }, tech.token));
    expect(mine.availabilities.map((a) => a.date)).toEqual([date]);

    // Another technician's calendar: read, add, remove and unavailabilities are all refused.
    expect((await callOp(getUserScheduleForTimeperiod, { user_id: 1014, start: date, end: date }, tech.token)).status).toBe(403);
    expect((await callOp(addUserAvailability, { user_id: 1014, dates: [date] }, tech.token)).status).toBe(403);
    expect((await callOp(removeAvailability, { user_id: 1014, date }, tech.token)).status).toBe(403);
    expect((await callOp(createUserUnavailability, { user_id: 1014, start: `${date}T14:00:00Z`, end: `${date}T15:00:00Z` }, tech.token)).status).toBe(403);
    // The administrators' calls are closed to technicians and brokers.
    expect((await callOp(addAvailabilityForTechs, { tech_ids: [tech.id], dates: [date] }, tech.token)).status).toBe(403);
    expect((await callOp(getAllScheduleForTimeperiod, { start: date, end: date }, tech.token)).status).toBe(403);
    expect((await callOp(getPhotographers, {}, await planningBrokerToken())).status).toBe(403);
  });

  it('lets an administrator act on anyone: availability for several technicians, removal, the whole team’s schedule', async () => {
    const [d1, d2] = ownDays(2) as [string, string];
    for (const id of QUEBEC) for (const d of [d1, d2]) await callOp(removeAvailability, { user_id: id, date: d }, admin);
    const added = bodyOf(await callOp(addAvailabilityForTechs, { tech_ids: [...QUEBEC], dates: [d1, d2] }, admin));
    expect(added.availabilities).toHaveLength(4);
    const all = bodyOf(await callOp(getAllScheduleForTimeperiod, { start: d1, end: d2 }, admin));
    expect(all.availabilities.filter((a) => (QUEBEC as readonly number[]).includes(a.user_id))).toHaveLength(4);
    expect(bodyOf(await callOp(removeAvailability, { user_id: 1014, date: d2 }, admin)).status).toBe(200);
    expect(errorOf(await callOp(removeAvailability, { user_id: 1014, date: d2 }, admin), 404).message).toMatch(/no availability/);
    const one = bodyOf(await callOp(getUserScheduleForTimeperiod, { user_id: 1014, start: d1, end: d2 }, admin));
    expect(one.availabilities.map((a) => a.date)).toEqual([d1]);
    await callOp(addAvailabilityForTechs, { tech_ids: [1014], dates: [d2] }, admin);
  });

  it('stores an unavailability in UTC with seconds zeroed, applies the 7 o’clock rule, and removes it by id', async () => {
    const date = ownDay();
    const plain = bodyOf(await callOp(createUserUnavailability, { user_id: tech.id, start: `${date}T10:15:42-04:00`, end: `${date}T11:30:59.500-04:00`, reason: 'Dentiste' }, tech.token)).result;
    expect(plain.start.slice(10)).toMatch(/T1[45]:15:00\.000Z/);
    expect(plain.end.slice(10)).toMatch(/T1[56]:30:00\.000Z/);
    expect(Date.parse(plain.end) - Date.parse(plain.start)).toBe(75 * 60_000);
    expect(plain.summary).toBe('Dentiste');

    // 7 h on Quebec's clock: 7:00 to 8:00 selected, kept until 8:30.
    const sevenLocal = new Date(`${date}T12:00:00Z`).toLocaleString('en-US', { timeZone: 'America/Toronto', timeZoneName: 'shortOffset' }).match(/GMT([+-]\d+)/)![1]!;
    const offset = `${sevenLocal.startsWith('-') ? '-' : '+'}${sevenLocal.replace(/[+-]/, '').padStart(2, '0')}:00`;
    const seven = bodyOf(await callOp(createUserUnavailability, { user_id: tech.id, start: `${date}T07:00:00${offset}`, end: `${date}T08:00:00${offset}` }, admin)).result;
    expect(Date.parse(seven.end) - Date.parse(seven.start)).toBe(90 * 60_000);

    const schedule = bodyOf(await callOp(getUserScheduleForTimeperiod, { user_id: tech.id, start: date, end: date }, tech.token));
    expect(schedule.unAvailabilities.map((u) => u.id).sort()).toEqual([plain.id, seven.id].sort());
    expect(bodyOf(await callOp(removeUnavailability, { id: plain.id }, tech.token)).status).toBe(200);
    expect(bodyOf(await callOp(removeUnavailability, { id: seven.id }, admin)).status).toBe(200);
    expect((await callOp(removeUnavailability, { id: seven.id }, admin)).status).toBe(404);
  });

  it('refuses a technician removing someone else’s unavailability', async () => {
    const date = ownDay();
    const theirs = bodyOf(await callOp(createUserUnavailability, { user_id: 1014, start: `${date}T20:00:00Z`, end: `${date}T21:00:00Z` }, admin)).result;
    expect((await callOp(removeUnavailability, { id: theirs.id }, tech.token)).status).toBe(403);
    expect(bodyOf(await callOp(removeUnavailability, { id: theirs.id }, admin)).status).toBe(200);
  });

  it('answers 400 with field errors for bad input and 404 for an id that is no capture technician', async () => {
    const date = quietDay();
    const order = errorOf(await callOp(createUserUnavailability, { user_id: tech.id, start: `${date}T15:00:00Z`, end: `${date}T14:00:00Z` }, admin), 400);
    // Within one minute: nothing is left once the seconds are zeroed.
    const empty = errorOf(await callOp(createUserUnavailability, { user_id: tech.id, start: `${date}T15:00:10Z`, end: `${date}T15:00:50Z` }, admin), 400);
    expect(empty.fields?.end).toEqual([CALENDAR_MESSAGES.unavailabilityOrder]);
    expect(Object.keys(order.fields ?? {})).toEqual(['end']);
    const junk = errorOf(await callOp(createUserUnavailability, { user_id: tech.id, start: 'tomorrow', end: `${date}T14:00:00` }, admin), 400);
    expect(Object.keys(junk.fields ?? {}).sort()).toEqual(['end', 'start']);
    const dates = errorOf(await callOp(addAvailabilityForTechs, { tech_ids: [], dates: ['2026-02-30'] }, admin), 400);
    expect(Object.keys(dates.fields ?? {}).sort()).toEqual(expect.arrayContaining(['dates.0', 'tech_ids']));
    const period = errorOf(await callOp(getAllScheduleForTimeperiod, { start: date, end: '2000-01-01' }, admin), 400);
    expect(Object.keys(period.fields ?? {})).toEqual(['end']);
    expect((await callOp(removeUnavailability, { id: 'not-an-id' }, admin)).status).toBe(400);
    const broker = (await tokenFor(Role.broker)).account.id;
    expect((await callOp(addUserAvailability, { user_id: broker, dates: [date] }, admin)).status).toBe(404);
    expect((await callOp(addAvailabilityForTechs, { tech_ids: [1014, broker], dates: [date] }, admin)).status).toBe(404);
  });
});

describe('recorded availability drives the booking slots, the planner and the dispatch (ADR 0155)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await tokenFor(Role.admin)).token;
  });
  const slots = async (date: string) => bodyOf(await callOp(validateShootingAvailability, slotsRequest(QUEBEC_ADDRESS, date, 1), admin)).time_slot.map((s) => s.success);
  const cards = async (date: string) => bodyOf(await callOp(getRouteFigures, { date }, admin)).techs.map((t) => t.tech_id);

  it('a technician without availability contributes no slot capacity and has no planner card', async () => {
    const date = ownDay();
    expect(await slots(date)).toEqual([true, true]);
    await callOp(removeAvailability, { user_id: 1014, date }, admin);
    expect(await slots(date)).toEqual([true, true]);
    expect(await cards(date)).not.toContain(1014);
    await callOp(removeAvailability, { user_id: 1015, date }, admin);
    expect(await slots(date)).toEqual([false, false]);
    expect(await cards(date)).not.toContain(1015);
    await callOp(addAvailabilityForTechs, { tech_ids: [1015], dates: [date] }, admin);
    expect(await slots(date)).toEqual([true, true]);
    expect(await cards(date)).toContain(1015);
  });

  it('the dispatch gives nothing to a technician without availability, and nothing at all when no one is available', async () => {
    const date = ownDay();
    const broker = await planningBrokerToken(2);
    const first = (await book(broker, QUEBEC_ADDRESS, date, true)).id;
    const second = (await book(broker, '2500 Boulevard Laurier', date, false)).id;
    await callOp(removeAvailability, { user_id: 1014, date }, admin);
    await callOp(removeAvailability, { user_id: 1015, date }, admin);
    const none = bodyOf(await callOp(dispatchShooting, { date, shooting_ids: [first, second] }, admin));
    expect(none).toMatchObject({ userDispatched: 0, shootingDispatched: 0 });
    expect(none.unserved.map((u) => u.shootingId).sort()).toEqual([first, second].sort());

    await callOp(addAvailabilityForTechs, { tech_ids: [1015], dates: [date] }, admin);
    const res = bodyOf(await callOp(dispatchShooting, { date, shooting_ids: [first, second] }, admin));
    expect(res.shootingDispatched).toBe(2);
    expect((await getShootingItem(first))?.tech_id).toBe(1015);
    expect((await getShootingItem(second))?.tech_id).toBe(1015);

    // Removing 1015's availability afterwards: the card stays (they hold the day's shootings), unavailable all day.
    await callOp(removeAvailability, { user_id: 1015, date }, admin);
    const card = bodyOf(await callOp(getRouteFigures, { date }, admin)).techs.find((t) => t.tech_id === 1015);
    expect(card?.shooting_count).toBe(2);
    expect(card?.feasible).toBe(false);
    expect(await slots(date)).toEqual([false, false]);
  });
});
