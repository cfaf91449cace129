import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { ownDay, ownHalfDay } from '../support/days.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { createSession } from '#functions/plumbing/sessions.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { findUserByEmail, insertUser } from '#functions/storage/users.ts';
import { halfDayStarted } from '#shared/rules/business-time.ts';
import { lockDay, unlockDay } from '#functions/storage/day-locks.ts';
import { BOOKING_MESSAGES, createShooting, getAllShootings, searchBrokers, validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { SECOND_BROKER } from '../../scripts/local/seed/brokers-listings.ts';
import { bookingAt, day, slotsRequest } from './booking-support.ts';

/** Administrators book for a broker they pick (docs/decisions/0117); slots say why they are unavailable (0116). */

describe('booking on behalf of a broker', () => {
  let admin: string;
  let superadmin: string;
  let broker: string;
  let brokerId: number;
  let secondId: number;
  /** A broker of this test's own: the seeded brokers' lists are asserted by other test files. */
  let booked: { id: number; firstname: string; lastname: string; email: string };
  beforeAll(async () => {
    admin = (await tokenFor(Role.admin)).token;
    superadmin = (await tokenFor(Role.superadmin)).token;
    const own = await tokenFor(Role.broker);
    broker = own.token;
    brokerId = own.account.id;
    secondId = (await findUserByEmail(SECOND_BROKER.email))!.id;
    const at = new Date().toISOString();
    const id = await nextId('user', 1000);
    booked = { id, firstname: 'Léa', lastname: 'Bélanger', email: `lea.belanger-${id}@demo.immo.test` };
    await insertUser({ ...booked, role: Role.broker, password_hash: 'not-a-login', created_at: at, updated_at: at });
  });

  const shootingsOf = async (token: string) => bodyOf(await callOp(getAllShootings, {}, token)).data;
  let date: string;
  beforeAll(() => {
    // Both bookings go to the afternoon; the refusals write nothing (docs/decisions/0620).
    date = ownHalfDay(false);
  });

  it('an administrator books for the broker they name: the listing and the shooting are the broker’s, in the broker’s list', async () => {
    const res = bodyOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, false, { app: '7', broker_id: booked.id }), admin));
    expect(res.data.listing.broker).toEqual({ firstname: booked.firstname, lastname: booked.lastname });
    const { token: bookedFor } = await createSession({ ...booked, role: Role.broker });
    expect((await shootingsOf(bookedFor)).map((s) => s.id)).toContain(res.data.id);
    expect((await shootingsOf(broker)).map((s) => s.id)).not.toContain(res.data.id);
    // The superadmin may too.
    const bySuper = bodyOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, false, { app: '8', broker_id: brokerId }), superadmin));
    expect((await shootingsOf(broker)).map((s) => s.id)).toContain(bySuper.data.id);
  });

  it('refuses an administrator without a broker, or naming someone who is not a broker (400 with a field error), writing nothing', async () => {
    const before = (await shootingsOf(admin)).length;
    const missing = errorOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, false), admin), 400);
    expect(missing.fields).toEqual({ broker_id: [BOOKING_MESSAGES.brokerRequired] });
    const adminAccount = (await tokenFor(Role.admin)).account;
    for (const id of [adminAccount.id, 99_999_999]) {
      const wrong = errorOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, false, { broker_id: id }), admin), 400);
      expect(wrong.fields).toEqual({ broker_id: [BOOKING_MESSAGES.notABroker] });
    }
    const junk = errorOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, false, { broker_id: 'me' }), admin), 400);
    expect(Object.keys(junk.fields!)).toContain('broker_id');
    expect((await shootingsOf(admin)).length).toBe(before);
  });

  it('refuses a broker naming a broker (403): only administrators book on behalf of someone', async () => {
    const before = (await shootingsOf(broker)).length;
    for (const id of [secondId, brokerId]) {
      const res = errorOf(await callOp(createShooting, bookingAt('4500 Rue Saint-Denis', date, false, { broker_id: id }), broker), 403);
      expect(res.message).toBe(BOOKING_MESSAGES.brokersOnly);
    }
    expect((await shootingsOf(broker)).length).toBe(before);
  });

  it('searchBrokers finds brokers only, by name or e-mail, accents and case ignored; admin levels only', async () => {
    const search = (token: string, text: string) => callOp(searchBrokers, { text }, token);
    const dubois = bodyOf(await search(admin, 'DUBOIS'));
    expect(dubois.data).toContainEqual({ id: secondId, firstname: 'Marc', lastname: 'Dubois', email: SECOND_BROKER.email });
    expect(bodyOf(await search(superadmin, 'beatrice')).data.map((b) => b.id)).toContain(brokerId);
    expect(bodyOf(await search(admin, 'broker2@demo')).data.map((b) => b.id)).toEqual([secondId]);
    // Alain Gagnon is the admin, not a broker.
    expect(bodyOf(await search(admin, 'alain gagnon')).data).toEqual([]);
    expect((await search(admin, 'x')).status).toBe(400);
    expect((await search(broker, 'dubois')).status).toBe(403);
    expect((await search((await tokenFor(Role.tech_postprod)).token, 'dubois')).status).toBe(403);
  });
});

describe('why a time slot is unavailable', () => {
  it('says started for a half-day already begun, no_technician when nobody can come that day; available slots have no reason', async () => {
    const token = (await tokenFor(Role.broker)).token;
    const today = bodyOf(await callOp(validateShootingAvailability, slotsRequest('1200 Avenue Cartier', day(0), 2), token));
    for (const slot of today.time_slot) {
      if (slot.success) expect(slot.reason).toBeUndefined();
      else expect(slot.reason).toEqual(expect.any(String));
      if (halfDayStarted(localDateOf(slot.date_in_ts), slot.is_am)) expect(slot.reason).toBe('started');
    }
    expect(today.time_slot.some((s) => s.success)).toBe(true);

    const date = ownDay();
    await lockDay(date, 1014);
    await lockDay(date, 1015);
    try {
      const locked = bodyOf(await callOp(validateShootingAvailability, slotsRequest('1200 Avenue Cartier', date, 1), token));
      expect(locked.time_slot.map((s) => [s.success, s.reason])).toEqual([
        [false, 'no_technician'],
        [false, 'no_technician'],
      ]);
    } finally {
      await unlockDay(date, 1014);
      await unlockDay(date, 1015);
    }
  });
});
