import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { errorBody } from '#shared/catalogue/index.ts';
import { cancelShooting, createShooting, getAllShootings, getShooting, updateShootingTime, validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { getRouteFigures } from '#shared/catalogue/planner.ts';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { ownHalfDay } from '../support/days.ts';
import { BOOKING_HORIZON_DAYS, HORIZON_MESSAGE } from '#shared/rules/booking-horizon.ts';
import { Role } from '#shared/roles.ts';
import { bookingAt, day, planningBrokerToken, slotsRequest } from './booking-support.ts';

/**
 * Date inputs are bounded real dates (docs/decisions/0085) and bookings stop at the horizon
 * (docs/decisions/0086): 400 with a field error for a date that cannot be, 422 with the field for
 * a day past the horizon, on availability, booking and change-time.
 */
const ADDRESS = '4500 Rue Saint-Denis';
const last = day(BOOKING_HORIZON_DAYS);
const past = day(BOOKING_HORIZON_DAYS + 1);

let broker: string;
beforeAll(async () => {
  broker = await planningBrokerToken(2);
});

function expectField(res: { status: number; body: unknown }, status: number, field: string) {
  expect(res.status).toBe(status);
  expect(Object.keys(errorBody.parse(res.body).error.fields ?? {})).toContain(field);
}

describe('date inputs', () => {
  it('answer 400 with the field for dates that cannot be, never 500', async () => {
    for (const date of [9_000_000_000_000_000, -1, '9999-12-31', '9999-99-99', '2026-02-30', '+275760-09-13T00:00:00Z', 'soon']) {
      expectField(await callOp(validateShootingAvailability, slotsRequest(ADDRESS, day(1), 14, { date }), broker), 400, 'date');
    }
    // Raw call: a null date breaks the input type on purpose.
    const nullDate = await call('POST', validateShootingAvailability.path, { token: broker, body: { ...slotsRequest(ADDRESS, day(1), 14), date: null } });
    expectField(nullDate, 400, 'date');
    const { token: admin } = await tokenFor(Role.admin);
    for (const date of ['9999-99-99', '2026-02-30', '2026-13-01', '1999-12-31']) {
      expectField(await callOp(getRouteFigures, { date }, admin), 400, 'date');
      expectField(await callOp(getAllShootings, { from: date }, admin), 400, 'from');
    }
    expectField(await callOp(createShooting, bookingAt(ADDRESS, '9999-12-30', true), broker), 400, 'scheduleddate');
  });
});

describe('booking horizon', () => {
  it('availability: 422 on `date` past the horizon; the days of a window past it are unsuccessful', async () => {
    const res = await callOp(validateShootingAvailability, slotsRequest(ADDRESS, past, 1), broker);
    expectField(res, 422, 'date');
    expect(errorOf(res, 422).message).toBe(HORIZON_MESSAGE);

    const window = bodyOf(await callOp(validateShootingAvailability, slotsRequest(ADDRESS, day(BOOKING_HORIZON_DAYS - 2), 5), broker));
    expect(window.time_slot).toHaveLength(10);
    const beyond = window.time_slot.filter((s) => s.date_in_ts > dayStartMs(last));
    expect(beyond).toHaveLength(4);
    expect(beyond.every((s) => !s.success)).toBe(true);
  });

  it('booking: 422 on `scheduleddate` one day past the horizon', async () => {
    const res = await callOp(createShooting, bookingAt(ADDRESS, past, true), broker);
    expectField(res, 422, 'scheduleddate');
    expect(errorOf(res, 422).fields?.scheduleddate).toEqual([HORIZON_MESSAGE]);
  });

  it('change time: 422 on `scheduleddate` past the horizon, the shooting left where it was', async () => {
    // A free half-day some weeks ahead to book into.
    const booked = bodyOf(await callOp(createShooting, bookingAt(ADDRESS, ownHalfDay(true), true), broker));
    const id = booked.data.id;
    const moved = await callOp(updateShootingTime, { shooting_id: id, scheduleddate: past, is_am: true }, broker);
    expectField(moved, 422, 'scheduleddate');
    const after = bodyOf(await callOp(getShooting, { shooting_id: id }, broker));
    expect(after.data.scheduleddate).toBe(booked.data.scheduleddate);
    await callOp(cancelShooting, { shooting_id: id, cancellation_reason: 'horizon test' }, broker);
  });
});
