import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#functions/plumbing/sessions.ts';
import { insertFloorplanRoom } from '#functions/storage/floorplan-rooms.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { insertUser, newUserId, setSuspended } from '#functions/storage/users.ts';
import { getPhotographers } from '#shared/catalogue/calendar.ts';
import { SCHEDULE_MESSAGES, shootingFromTech, techDailyShootings } from '#shared/catalogue/schedule.ts';
import { getAllShootings } from '#shared/catalogue/shootings.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { addDays } from '#shared/rules/business-time.ts';
import { tokenFor } from '../support/api.ts';
import { ownDay, ownDays } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/**
 * techDailyShootings and shootingFromTech (docs/decisions/0165, 0166): a technician reads their own
 * day and report only (403 naming another), administrators any capture technician's (404 for an id
 * that is not one); the report times each capture from ping time (else start time) to end time.
 * The shootings sit on days no other test uses (ownDays), assigned to this test's own technicians.
 * Each card carries its status and, once ended, its shoot time against the staff estimate, on the
 * schedule and on the shooting dashboard's one-day read of getAllShootings (docs/decisions/0525).
 */

interface Person {
  id: number;
  token: string;
}

async function person(role: RoleId): Promise<Person> {
  const id = await newUserId();
  const at = new Date().toISOString();
  const user = { id, role, email: `sched${id}@test.example`, firstname: 'Sched', lastname: `Tech${id}` };
  await insertUser({ ...user, password_hash: 'not-a-login', created_at: at, updated_at: at });
  return { id, token: (await createSession(user)).token };
}

interface ShootingFields {
  state?: number;
  /** The half-day (morning unless false). */
  am?: boolean;
  starttime?: string;
  ping_time?: string;
  endtime?: string;
  distance?: number;
  only_360?: boolean;
  broker_id?: number;
  /** Floorplan rooms of the listing: name and creation time. */
  rooms?: ReadonlyArray<readonly [string, string]>;
}

async function shooting(date: string, techId: number, address: string, fields: ShootingFields = {}): Promise<number> {
  const at = new Date().toISOString();
  const listing = await insertListing({
    address,
    app: '',
    city: 'Montréal',
    postalcode: 'H2X 1Y4',
    room_count: 4,
    is_house: true,
    is_existing_listing: false,
    lat: 45.5,
    lng: -73.57,
    state: 1,
    picture_url: null,
    mls: null,
    broker_id: 999_999,
    broker: { firstname: 'B', lastname: 'Roker' },
    distribution_token: null,
  });
  const id = await newShootingId();
  const { state = ShootingState.confirmed, broker_id = 999_999, rooms = [], ...times } = fields;
  for (const [roomname, created_at] of rooms) await insertFloorplanRoom({ listing_id: listing.id, roomname, floor: 0, floorname: 'Rez-de-chaussée', width: 4, height: 3, created_at });
  await insertShooting(
    { id, listing_id: listing.id, broker_id, scheduleddate: date, am: true, is_confirmed: true, state, estimated_duration: 3600, room_count: 4, tech_id: techId, created_at: at, updated_at: at, ...times },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  return id;
}

let tech: Person;
let otherTech: Person;
let D: string;
let NEXT: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  [D, NEXT] = ownDays(2) as [string, string];
  [tech, otherTech] = await Promise.all([person(Role.tech_capture), person(Role.tech_capture)]);
  const t = (day: string, hm: string) => `${day}T${hm}:00-04:00`;
  ids.late = await shooting(D, tech.id, '12 rue Tardive', { starttime: t(D, '14:00'), ping_time: t(D, '13:50'), endtime: t(D, '15:00'), distance: 12.5 });
  ids.early = await shooting(D, tech.id, '3 rue Matinale', { starttime: t(D, '09:00'), endtime: t(D, '10:30'), distance: 7.5 });
  ids.cancelled = await shooting(D, tech.id, '5 rue Annulée', { state: ShootingState.canceled, starttime: t(D, '11:00'), endtime: t(D, '12:00') });
  ids.planned = await shooting(NEXT, tech.id, '8 rue Demain');
  // The next day mixes timed and half-day shootings (no end time: not in any report).
  ids.nextAfternoon = await shooting(NEXT, tech.id, '4 rue Après-Midi', { am: false });
  ids.nextTen = await shooting(NEXT, tech.id, '10 rue Dix', { starttime: t(NEXT, '10:00') });
  ids.nextEarly = await shooting(NEXT, tech.id, '1 rue Aurore', { starttime: t(NEXT, '08:00') });
  ids.others = await shooting(D, otherTech.id, '99 rue Voisine', { starttime: t(D, '10:00'), endtime: t(D, '11:00') });
  // Reviewed (state 3) with no end time recorded: a capture of one hour (part 2 §9).
  ids.reviewed = await shooting(D, tech.id, '7 rue Revue', { state: ShootingState.retouch, starttime: t(D, '16:00') });
});

describe('techDailyShootings', () => {
  it("gives a technician their own active shootings of the day, by start, with the listing's address", async () => {
    const day = bodyOf(await callOp(techDailyShootings, { date: D }, tech.token));
    expect(day.shootings.map((s) => s.id)).toEqual([ids.early, ids.late, ids.reviewed]);
    expect(day.shootings.map((s) => s.listing.address)).toEqual(['3 rue Matinale', '12 rue Tardive', '7 rue Revue']);
    expect(day.shootings[0]!.tech).toMatchObject({ id: tech.id });
    const next = bodyOf(await callOp(techDailyShootings, { date: NEXT, tech_id: tech.id }, tech.token));
    // By the time of day each happens: 8:00 (timed), 8:30 (morning), 10:00 (timed), 12:30 (afternoon); the half-day ones do not all come first.
    expect(next.shootings.map((s) => s.id)).toEqual([ids.nextEarly, ids.planned, ids.nextTen, ids.nextAfternoon]);
  });


  it("refuses another technician's day to a technician (403) and gives it to an administrator", async () => {
    expect(errorOf(await callOp(techDailyShootings, { date: D, tech_id: otherTech.id }, tech.token), 403).message).toBe(SCHEDULE_MESSAGES.ownOnly);
    const admin = (await tokenFor(Role.admin)).token;
    expect(bodyOf(await callOp(techDailyShootings, { date: D, tech_id: otherTech.id }, admin)).shootings.map((s) => s.id)).toEqual([ids.others]);
    const all = bodyOf(await callOp(techDailyShootings, { date: D }, admin)).shootings.map((s) => s.id);
    expect(new Set(all)).toEqual(new Set([ids.early, ids.late, ids.reviewed, ids.others]));
    errorOf(await callOp(techDailyShootings, { date: D, tech_id: 999_999_999 }, admin), 404);
  });

  it('refuses roles outside the route (403) and bad dates (400 with the field)', async () => {
    errorOf(await callOp(techDailyShootings, { date: D }, (await tokenFor(Role.broker)).token), 403);
    const bad = errorOf(await callOp(techDailyShootings, { date: '2026-02-30' }, tech.token), 400);
    expect(JSON.stringify(bad)).toContain('date');
  });
});

describe('shootingFromTech', () => {
  it('times each capture from ping time, else start time, to end time (one hour without one), with the totals', async () => {
    const report = bodyOf(await callOp(shootingFromTech, { start_date: D, end_date: NEXT }, tech.token));
    expect(report.tech.id).toBe(tech.id);
    expect(report.rows.map((r) => [r.id, r.address, r.duration_s])).toEqual([
      [ids.early, '3 rue Matinale', 90 * 60],
      [ids.late, '12 rue Tardive', 70 * 60],
      [ids.reviewed, '7 rue Revue', 60 * 60],
    ]);
    expect(report).toMatchObject({ count: 3, total_capture_s: 220 * 60, average_capture_s: Math.round((220 * 60) / 3), total_distance_km: 20 });
    const none = bodyOf(await callOp(shootingFromTech, { start_date: NEXT, end_date: NEXT }, tech.token));
    expect(none.count).toBe(0);
  });

  it("gives a technician their own report only (403), an administrator anyone's (404 for a non-technician)", async () => {
    errorOf(await callOp(shootingFromTech, { tech_id: otherTech.id, start_date: D, end_date: D }, tech.token), 403);
    const admin = (await tokenFor(Role.admin)).token;
    expect(bodyOf(await callOp(shootingFromTech, { tech_id: otherTech.id, start_date: D, end_date: D }, admin)).rows.map((r) => r.id)).toEqual([ids.others]);
    errorOf(await callOp(shootingFromTech, { tech_id: 999_999_999, start_date: D, end_date: D }, admin), 404);
    errorOf(await callOp(shootingFromTech, { start_date: D, end_date: D }, (await tokenFor(Role.broker)).token), 403);
  });

  it("gives an administrator the report of a technician suspended since (their last pay), and lists them marked when asked", async () => {
    const gone = await person(Role.tech_capture);
    const t = (hm: string) => `${D}T${hm}:00-04:00`;
    const captured = await shooting(D, gone.id, '2 rue du Départ', { starttime: t('09:00'), endtime: t('10:00') });
    expect(await setSuspended(gone.id, true)).toBe(true);
    const admin = (await tokenFor(Role.admin)).token;
    expect(bodyOf(await callOp(shootingFromTech, { tech_id: gone.id, start_date: D, end_date: D }, admin)).rows.map((r) => r.id)).toEqual([captured]);
    const listed = bodyOf(await callOp(getPhotographers, { suspended: 'true' }, admin)).photographers;
    expect(listed.find((p) => p.id === gone.id)).toMatchObject({ suspended: true });
    expect(listed.find((p) => p.id === tech.id)?.suspended).toBeUndefined();
    // The calendar's list (no flag) keeps only those who work.
    expect(bodyOf(await callOp(getPhotographers, {}, admin)).photographers.some((p) => p.id === gone.id)).toBe(false);
  });

  it('answers 400 on a period out of order, too long or with an impossible day', async () => {
    const order = errorOf(await callOp(shootingFromTech, { start_date: NEXT, end_date: D }, tech.token), 400);
    expect(JSON.stringify(order)).toContain(SCHEDULE_MESSAGES.reportOrder);
    const long = errorOf(await callOp(shootingFromTech, { start_date: D, end_date: addDays(D, 400) }, tech.token), 400);
    expect(JSON.stringify(long)).toContain(SCHEDULE_MESSAGES.reportTooLong);
    errorOf(await callOp(shootingFromTech, { start_date: 'yesterday', end_date: D }, tech.token), 400);
  });
});

describe('card status and shoot time against the estimate (docs/decisions/0525)', () => {
  let E: string;
  let broker: Person;
  const cards: Record<string, number> = {};
  const t = (hm: string) => `${E}T${hm}:00-04:00`;

  beforeAll(async () => {
    E = ownDay();
    broker = await person(Role.broker);
    // Pinged 09:05, ended 10:00 (55 min). Rooms counted: created after 09:05 and by 11:05, indoor:
    // Cuisine, Salon, Chambre (3); not Garage (before the ping), Terrasse (outdoor), Bureau (too late).
    // Captured (state 1): completed by its state, whatever the clock (the day is ahead of today).
    cards.measured = await shooting(E, tech.id, '20 rue Mesurée', {
      state: ShootingState.captured,
      starttime: t('09:00'),
      ping_time: t('09:05'),
      endtime: t('10:00'),
      broker_id: broker.id,
      rooms: [
        ['Garage', t('09:04')],
        ['Cuisine', t('09:10')],
        ['Terrasse', t('09:20')],
        ['Salon', t('09:30')],
        ['Chambre', t('11:05')],
        ['Bureau', t('11:06')],
      ],
    });
    // No room in the window: the booked 4 rooms, 360 only.
    cards.fallback = await shooting(E, tech.id, '21 rue Repli', { state: ShootingState.captured, starttime: t('13:00'), endtime: t('14:00'), only_360: true, rooms: [['Cuisine', t('16:30')]] });
    // Confirmed at a planned start that has not come yet (ADR 0540): planned.
    cards.confirmed = await shooting(E, tech.id, '24 rue Confirmée', { state: ShootingState.confirmed, starttime: t('16:00') });
    cards.started = await shooting(E, tech.id, '22 rue Commencée', { state: ShootingState.created, ping_time: t('15:00') });
    cards.planned = await shooting(E, tech.id, '23 rue Prévue', { state: ShootingState.created });
  });

  // (3+1)×5.25+25 = 46 min for 55: 19.6 % over. (4+1)×4.5+20 = 42.5 min for 60: 41.2 % over.
  const expected = () => ({
    [cards.measured!]: { progress: 'completed', shoot_time: { shoot_s: 55 * 60, estimate_s: 46 * 60, rooms: 3, rooms_from: 'floorplan', percent: 20 } },
    [cards.fallback!]: { progress: 'completed', shoot_time: { shoot_s: 3600, estimate_s: 2550, rooms: 4, rooms_from: 'room_count', percent: 41 } },
    [cards.started!]: { progress: 'in_progress', shoot_time: null },
    [cards.planned!]: { progress: 'planned', shoot_time: null },
    [cards.confirmed!]: { progress: 'planned', shoot_time: null },
  });
  const facts = (shootings: ReadonlyArray<{ id: number; progress?: string; shoot_time?: unknown }>) => Object.fromEntries(shootings.map((s) => [s.id, { progress: s.progress, shoot_time: s.shoot_time }]));

  it("gives each schedule card its status and, once ended, its shoot time against the 'rooms+1' estimate", async () => {
    const day = bodyOf(await callOp(techDailyShootings, { date: E }, tech.token));
    expect(facts(day.shootings)).toEqual(expected());
  });

  it("gives the shooting dashboard's one-day read the same, staff and technician alike, but not a broker", async () => {
    const admin = (await tokenFor(Role.admin)).token;
    const staff = bodyOf(await callOp(getAllShootings, { from: E, to: E }, admin)).data.filter((s) => Object.values(cards).includes(s.id));
    expect(facts(staff)).toEqual(expected());
    const own = bodyOf(await callOp(getAllShootings, { from: E, to: E }, tech.token)).data;
    expect(facts(own)).toEqual(expected());
    // Wider reads carry the status only; a broker's never carries a shoot time.
    const wide = bodyOf(await callOp(getAllShootings, { from: E, to: addDays(E, 1) }, admin)).data.find((s) => s.id === cards.measured);
    expect(wide).toMatchObject({ progress: 'completed' });
    expect(wide).not.toHaveProperty('shoot_time');
    const brokers = bodyOf(await callOp(getAllShootings, { from: E, to: E }, broker.token)).data;
    expect(brokers.map((s) => s.id)).toEqual([cards.measured]);
    expect(brokers[0]).toMatchObject({ progress: 'completed' });
    expect(brokers[0]).not.toHaveProperty('shoot_time');
  });
});
