import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#functions/plumbing/sessions.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { insertUser, newUserId } from '#functions/storage/users.ts';
import { unassignShootingTech } from '#shared/catalogue/planner.ts';
import { createCalendarFeed, getCalendarFeed, getCalendarFeedIcs, revokeCalendarFeed } from '#shared/catalogue/schedule.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { call, tokenFor } from '../support/api.ts';
import { ownDays } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

/**
 * The technicians' iCalendar feed (docs/decisions/0190): only a capture technician makes, replaces
 * and revokes their own feed; the public address answers text/calendar (RFC 5545, read here line by
 * line) with their active shootings as the planner has them at that moment, and 404 once replaced
 * or revoked. The technicians and shootings are this test's own, on days no other test uses.
 */

async function newTech(): Promise<{ id: number; token: string }> {
  const id = await newUserId();
  const at = new Date().toISOString();
  const user = { id, role: Role.tech_capture, email: `ical${id}@test.example`, firstname: 'Feed', lastname: `Tech${id}` };
  await insertUser({ ...user, password_hash: 'not-a-login', created_at: at, updated_at: at });
  return { id, token: (await createSession(user)).token };
}

/** A confirmed shooting of `techId` at a listing of its own; `starttime` left out: timed by its half-day. */
async function bookFor(techId: number, scheduleddate: string, address: string, extra: { starttime?: string; endtime?: string; state?: number; am?: boolean } = {}): Promise<number> {
  const at = new Date().toISOString();
  const { id: listing_id } = await insertListing({
    address,
    app: '4',
    city: 'Québec',
    postalcode: 'G1R 4P5',
    room_count: 6,
    is_house: false,
    is_existing_listing: false,
    lat: 46.81,
    lng: -71.21,
    state: 1,
    picture_url: null,
    mls: null,
    broker_id: 999_998,
    broker: { firstname: 'Feed', lastname: 'Broker' },
    distribution_token: null,
  });
  const id = await newShootingId();
  const { state = ShootingState.confirmed, am = true, ...times } = extra;
  await insertShooting(
    { id, listing_id, broker_id: 999_998, scheduleddate, am, is_confirmed: true, state, estimated_duration: 5400, room_count: 6, tech_id: techId, created_at: at, updated_at: at, ...times },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  return id;
}

/** The feed's content lines: CRLF only, every physical line within 75 octets, then unfolded (RFC 5545 §3.1). */
function contentLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
  return text.slice(0, -2).replace(/\r\n[ \t]/g, '').split('\r\n');
}

/** The VEVENTs of a feed, each as its property lines (name with parameters → value). */
function eventsOf(lines: string[]): Array<Map<string, string>> {
  const events: Array<Map<string, string>> = [];
  let current: Map<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return events;
}

let tech: { id: number; token: string };
let other: { id: number; token: string };
let D: string;
let NEXT: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  [D, NEXT] = ownDays(2) as [string, string];
  [tech, other] = await Promise.all([newTech(), newTech()]);
  ids.timed = await bookFor(tech.id, D, '1200 Rue Saint-Jean; bureau 2, porte \\B', { starttime: `${D}T14:00:00-05:00`, endtime: `${D}T15:30:00-05:00` });
  ids.halfDay = await bookFor(tech.id, NEXT, '77 Grande Allée Est', { am: false });
  ids.cancelled = await bookFor(tech.id, D, '5 rue Annulée', { state: ShootingState.canceled });
  ids.others = await bookFor(other.id, D, '9 rue Voisine');
});

describe('calendar feed management (getCalendarFeed, createCalendarFeed, revokeCalendarFeed)', () => {
  it('is for capture technicians only', async () => {
    const admin = (await tokenFor(Role.admin)).token;
    errorOf(await callOp(createCalendarFeed, { replace: true }, admin), 403);
    errorOf(await callOp(getCalendarFeed, {}, admin), 403);
    errorOf(await callOp(createCalendarFeed, { replace: true }), 401);
  });

  it('refuses a body without the replace choice (400), so an empty call changes nothing', async () => {
    const res = await call('POST', createCalendarFeed.path, { token: other.token, body: {} });
    expect(res.status).toBe(400);
    expect(bodyOf(await callOp(getCalendarFeed, {}, other.token))).toEqual({ active: false, created_at: null });
  });

  it('makes, replaces (409 unless asked) and revokes a feed; a replaced or revoked address answers 404', async () => {
    const first = bodyOf(await callOp(createCalendarFeed, { replace: false }, tech.token));
    expect(first.path).toBe(`/api/schedule/ical/${first.token}`);
    expect(bodyOf(await callOp(getCalendarFeed, {}, tech.token))).toEqual({ active: true, created_at: first.created_at });
    expect((await callOp(getCalendarFeedIcs, { token: first.token }, undefined)).status).toBe(200);

    errorOf(await callOp(createCalendarFeed, { replace: false }, tech.token), 409);
    const second = bodyOf(await callOp(createCalendarFeed, { replace: true }, tech.token));
    expect(second.token).not.toBe(first.token);
    errorOf(await callOp(getCalendarFeedIcs, { token: first.token }), 404);
    expect((await callOp(getCalendarFeedIcs, { token: second.token })).status).toBe(200);

    // Revoking the feed the screen showed before the replacement is refused: the current one stays.
    errorOf(await callOp(revokeCalendarFeed, { created_at: first.created_at }, tech.token), 409);
    expect((await callOp(getCalendarFeedIcs, { token: second.token })).status).toBe(200);
    expect(bodyOf(await callOp(revokeCalendarFeed, { created_at: second.created_at }, tech.token))).toEqual({ revoked: true });
    errorOf(await callOp(getCalendarFeedIcs, { token: second.token }), 404);
    expect(bodyOf(await callOp(revokeCalendarFeed, { created_at: second.created_at }, tech.token))).toEqual({ revoked: false });
    expect(bodyOf(await callOp(getCalendarFeed, {}, tech.token)).active).toBe(false);
  });

  it('answers 400 to a malformed token and 404 to a well-formed unknown one', async () => {
    expect((await call('GET', '/api/schedule/ical/not-a-token')).status).toBe(400);
    errorOf(await callOp(getCalendarFeedIcs, { token: 'A'.repeat(43) }), 404);
  });
});

describe('the feed (getCalendarFeedIcs): RFC 5545 text/calendar', () => {
  let token: string;
  beforeAll(async () => {
    token = bodyOf(await callOp(createCalendarFeed, { replace: true }, tech.token)).token;
  });

  it('holds one VEVENT per active shooting of the technician, with stable UIDs, times and escaped texts', async () => {
    const res = await call<string>('GET', `/api/schedule/ical/${token}?lang=fr`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const lines = contentLines(res.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines).toContain('TZID:America/Toronto');

    const events = eventsOf(lines);
    const uids = events.map((e) => e.get('UID'));
    expect(uids.sort()).toEqual([`shooting-${ids.halfDay}@immo-media`, `shooting-${ids.timed}@immo-media`].sort());
    for (const e of events) expect(e.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);

    const timed = events.find((e) => e.get('UID') === `shooting-${ids.timed}@immo-media`)!;
    expect(timed.get('DTSTART')).toBe(`${D.replace(/-/g, '')}T190000Z`);
    expect(timed.get('DTEND')).toBe(`${D.replace(/-/g, '')}T203000Z`);
    expect(timed.get('LOCATION')).toBe('1200 Rue Saint-Jean\\; bureau 2\\, porte \\\\B #4\\, Québec\\, G1R 4P5');
    expect(timed.get('STATUS')).toBe('CONFIRMED');
    expect(timed.get('GEO')).toBe('46.810000;-71.210000');

    const halfDay = events.find((e) => e.get('UID') === `shooting-${ids.halfDay}@immo-media`)!;
    expect(halfDay.get('DTSTART;TZID=America/Toronto')).toBe(`${NEXT.replace(/-/g, '')}T123000`);
    expect(halfDay.get('DTEND;TZID=America/Toronto')).toBe(`${NEXT.replace(/-/g, '')}T170000`);
    expect(halfDay.get('DESCRIPTION')).toContain('PM (12h30-17h00)\\n6 pièces');
  });

  it('follows the planner at once: a shooting taken back from the technician leaves the feed, and its UID is the same after', async () => {
    const admin = (await tokenFor(Role.admin)).token;
    const before = eventsOf(contentLines((await call<string>('GET', `/api/schedule/ical/${token}`)).body));
    const sequence = before.find((e) => e.get('UID') === `shooting-${ids.timed}@immo-media`)!.get('SEQUENCE');
    expect(bodyOf(await callOp(unassignShootingTech, { shooting_id: ids.halfDay! }, admin)).success).toBe(true);
    const after = eventsOf(contentLines((await call<string>('GET', `/api/schedule/ical/${token}`)).body));
    expect(after.map((e) => e.get('UID'))).toEqual([`shooting-${ids.timed}@immo-media`]);
    expect(after[0]!.get('SEQUENCE')).toBe(sequence);
  });

  it('writes English texts when asked', async () => {
    const lines = contentLines((await call<string>('GET', `/api/schedule/ical/${token}?lang=en`)).body);
    expect(lines.some((l) => l.startsWith('X-WR-CALNAME:Immo Média — Shootings — Feed Tech'))).toBe(true);
  });
});
