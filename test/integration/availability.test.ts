import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { ownDay, quietDay } from '../support/days.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { lockDay, unlockDay } from '#functions/storage/day-locks.ts';
import { db } from '#functions/plumbing/aws.ts';
import { addUnavailability, removeUnavailability, unavailabilitiesOf, type Unavailability } from '#functions/storage/unavailabilities.ts';
import { createShooting, updateShootingTime, validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { addDays, dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import type { ErrorBody } from '#shared/catalogue/index.ts';
import { Role } from '#shared/roles.ts';
import { bookingAt, day, planningBrokerToken, slotsRequest, type SlotsInput } from './booking-support.ts';

const AVAILABILITY = validateShootingAvailability.path;

describe('validateShootingAvailability', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokenFor(Role.broker)).token;
  });

  const slots = async (input: SlotsInput) => bodyOf(await callOp(validateShootingAvailability, input, token)).time_slot;

  it('answers an AM and a PM slot per day, dated at the local midnight of each day', async () => {
    const from = quietDay();
    const list = await slots(slotsRequest('4500 Rue Saint-Denis', from, 7));
    expect(list).toHaveLength(14);
    expect(list[0]).toEqual({ date_in_ts: dayStartMs(from), is_am: true, success: true });
    expect(list[1]).toMatchObject({ date_in_ts: dayStartMs(from), is_am: false, success: true });
    expect(list[13]!.date_in_ts).toBe(dayStartMs(addDays(from, 6)));
  });

  it('never offers a half-day that has already started (yesterday)', async () => {
    const list = await slots(slotsRequest('4500 Rue Saint-Denis', day(-1), 1));
    expect(list.map((s) => s.success)).toEqual([false, false]);
  });

  it('offers nothing outside the photoshoot zones', async () => {
    const list = await slots(slotsRequest('100 Rue Wellington Nord', quietDay(), 2));
    expect(list.every((s) => !s.success)).toBe(true);
  });

  it('reflects the seeded day +2 in Québec: one technician away all day, the other day-locked', async () => {
    const list = await slots(slotsRequest('1200 Avenue Cartier', day(2), 1));
    expect(list.map((s) => s.success)).toEqual([false, false]);
  });

  describe('changes when a technician becomes unavailable or day-locked (Québec, two technicians)', () => {
    let date: string;
    beforeAll(() => {
      date = ownDay();
    });
    const undo: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const u of undo.splice(0)) await u();
    });

    it('stays open while one technician remains, closes when both are out', async () => {
      const before = await slots(slotsRequest('1200 Avenue Cartier', date, 1));
      expect(before.map((s) => s.success)).toEqual([true, true]);

      const start = dayStartMs(date);
      const away: Unavailability = await addUnavailability(1014, new Date(start).toISOString(), new Date(start + 24 * 3_600_000).toISOString(), 'test');
      undo.push(() => removeUnavailability(away));
      expect((await slots(slotsRequest('1200 Avenue Cartier', date, 1))).map((s) => s.success)).toEqual([true, true]);

      await lockDay(date, 1015);
      undo.push(() => unlockDay(date, 1015));
      expect((await slots(slotsRequest('1200 Avenue Cartier', date, 1))).map((s) => s.success)).toEqual([false, false]);

      await unlockDay(date, 1015);
      expect((await slots(slotsRequest('1200 Avenue Cartier', date, 1))).map((s) => s.success)).toEqual([true, true]);
    });

    it('closes only the half-day a technician is unavailable for', async () => {
      await lockDay(date, 1015);
      undo.push(() => unlockDay(date, 1015));
      const start = dayStartMs(date);
      const morning = await addUnavailability(1014, new Date(start + 7 * 3_600_000).toISOString(), new Date(start + 12.75 * 3_600_000).toISOString(), 'test');
      undo.push(() => removeUnavailability(morning));
      expect((await slots(slotsRequest('1200 Avenue Cartier', date, 1))).map((s) => s.success)).toEqual([false, true]);
    });

    it('closes when the technicians have no time left next to what they already hold (travel included)', async () => {
      const full = ownDay();
      await lockDay(full, 1015);
      undo.push(() => unlockDay(full, 1015));
      const broker = await planningBrokerToken(3);
      // 30 rooms in a house: 6.5 × 31 + 24 = 225.5 min; one technician fits two such in one morning, not three.
      const big = { room_count: 30 };
      expect((await slots(slotsRequest('1200 Avenue Cartier', full, 1, big))).map((s) => s.success)).toEqual([true, true]);
      expect((await callOp(createShooting, bookingAt('1200 Avenue Cartier', full, true, big), broker)).status).toBe(200);
      expect((await callOp(createShooting, bookingAt('800 Boulevard René-Lévesque Ouest', full, true, big), broker)).status).toBe(200);
      const after = await slots(slotsRequest('2500 Boulevard Laurier', full, 1, big));
      expect(after.map((s) => s.success)).toEqual([false, false]);
      // Even a 360-only one-room visit no longer fits the morning: the second big shooting starts at the end of the AM window.
      const small = await slots(slotsRequest('2500 Boulevard Laurier', full, 1, { room_count: 1, only_360: true }));
      expect(small[0]!.success).toBe(false);
    });
  });

  it("leaves out the shooting being moved when it is named (change time): the other half of its own day opens, as the move's check does", async () => {
    const full = ownDay();
    await lockDay(full, 1015);
    try {
      const broker = await planningBrokerToken(3);
      const big = { room_count: 30 };
      const moving = bodyOf(await callOp(createShooting, bookingAt('1200 Avenue Cartier', full, true, big), broker)).data;
      bodyOf(await callOp(createShooting, bookingAt('800 Boulevard René-Lévesque Ouest', full, true, big), broker));
      const request = slotsRequest('1200 Avenue Cartier', full, 1, big);
      const successes = async (input: SlotsInput, as = broker) => bodyOf(await callOp(validateShootingAvailability, input, as)).time_slot.map((s) => s.success);
      expect(await successes(request)).toEqual([false, false]);
      expect(await successes({ ...request, shooting_id: moving.id })).toEqual([true, true]);
      expect((await callOp(updateShootingTime, { shooting_id: moving.id, scheduleddate: full, is_am: false }, broker)).status).toBe(200);
      // Only the caller's own shooting may be named.
      expect((await callOp(validateShootingAvailability, { ...request, shooting_id: moving.id }, token)).status).toBe(404);
      expect((await callOp(validateShootingAvailability, { ...request, shooting_id: 99_999_999 }, broker)).status).toBe(404);
    } finally {
      await unlockDay(full, 1015);
    }
  });

  it('answers 400 with field errors for bad input and 401 without a session', async () => {
    // Raw call: a boolean in words and a missing longitude break the input type on purpose.
    const bad = await call<ErrorBody>('POST', AVAILABILITY, { token, body: { is_house: 'yes', room_count: -1, date: 'tomorrow', lat: 200 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(expect.arrayContaining(['is_house', 'room_count', 'date', 'lat', 'lng']));
    const tooMany = await callOp(validateShootingAvailability, slotsRequest('4500 Rue Saint-Denis', day(1), 30), token);
    expect(tooMany.status).toBe(400);
    expect((await callOp(validateShootingAvailability, slotsRequest('4500 Rue Saint-Denis', day(1), 1))).status).toBe(401);
  });
});

describe('an unavailability over more than 49 days', () => {
  const FAULT = 'refuse-a-transaction';
  afterEach(() => void db.middlewareStack.remove(FAULT));

  it('is recorded once, even when a retry follows a failure half-way', async () => {
    const techId = 1014;
    // Far past the days tests claim (+14 to +86): removed at the end, it is nobody else's business meanwhile.
    const start = `${addDays(localDateOf(Date.now()), 200)}T12:00:00.000Z`;
    const end = new Date(Date.parse(start) + 60 * 86_400_000).toISOString();
    const mine = async () => (await unavailabilitiesOf(techId, start, end)).filter((u) => u.summary === 'long leave' && u.start === start);

    // The second of its two transactions is refused: the first (the later days' guards) went through.
    let sent = 0;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && ++sent === 2) throw Object.assign(new Error('injected: refused'), { name: 'ValidationException' });
        return next(args);
      },
      { step: 'initialize', name: FAULT, override: true },
    );
    await expect(addUnavailability(techId, start, end, 'long leave')).rejects.toThrow('injected');
    db.middlewareStack.remove(FAULT);
    expect(await mine()).toEqual([]);

    const saved = await addUnavailability(techId, start, end, 'long leave');
    expect((await mine()).map((u) => u.id)).toEqual([saved.id]);
    await removeUnavailability(saved);
  });
});
