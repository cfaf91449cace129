import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import type { ShootingView, TimeSlot } from '#shared/catalogue/shootings.ts';
import { dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import { BOOKING_HORIZON_DAYS, HORIZON_MESSAGE } from '#shared/rules/booking-horizon.ts';
import { Role } from '#shared/roles.ts';
import { bookingAt, day, planningBrokerToken, slotsRequest } from './booking-support.ts';

/**
 * Date inputs are bounded real dates (docs/decisions/0085) and bookings stop at the horizon
 * (docs/decisions/0086): 400 with a field error for a date that cannot be, 422 with the field for
 * a day past the horizon, on availability, booking and change-time.
 */
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };
const ADDRESS = '4500 Rue Saint-Denis';
const last = day(BOOKING_HORIZON_DAYS);
const past = day(BOOKING_HORIZON_DAYS + 1);

let broker: string;
beforeAll(async () => {
  broker = await planningBrokerToken(2);
});

function expectField(res: { status: number; body: unknown }, status: number, field: string) {
  expect(res.status).toBe(status);
  expect(Object.keys((res.body as ErrorAnswer).error.fields ?? {})).toContain(field);
}

describe('date inputs', () => {
  it('answer 400 with the field for dates that cannot be, never 500', async () => {
    const availability = (date: unknown, days = 1) => call('POST', '/api/shootings/availability', { token: broker, body: slotsRequest(ADDRESS, day(1), days, { date }) });
    for (const date of [9_000_000_000_000_000, -1, '9999-12-31', '9999-99-99', '2026-02-30', '+275760-09-13T00:00:00Z', 'soon', null]) {
      expectField(await availability(date, 14), 400, 'date');
    }
    const { token: admin } = await tokenFor(Role.admin);
    for (const date of ['9999-99-99', '2026-02-30', '2026-13-01', '1999-12-31']) {
      expectField(await call('GET', `/api/planner/figures?date=${date}`, { token: admin }), 400, 'date');
      expectField(await call('GET', `/api/shootings?from=${date}`, { token: admin }), 400, 'from');
    }
    expectField(await call('POST', '/api/shootings', { token: broker, body: bookingAt(ADDRESS, '9999-12-30', true) }), 400, 'scheduleddate');
  });
});

describe('booking horizon', () => {
  it('availability: 422 on `date` past the horizon; the days of a window past it are unsuccessful', async () => {
    const res = await call<ErrorAnswer>('POST', '/api/shootings/availability', { token: broker, body: slotsRequest(ADDRESS, past, 1) });
    expectField(res, 422, 'date');
    expect(res.body.error.message).toBe(HORIZON_MESSAGE);

    const window = await call<{ time_slot: TimeSlot[] }>('POST', '/api/shootings/availability', { token: broker, body: slotsRequest(ADDRESS, day(BOOKING_HORIZON_DAYS - 2), 5) });
    expect(window.status).toBe(200);
    expect(window.body.time_slot).toHaveLength(10);
    const beyond = window.body.time_slot.filter((s) => s.date_in_ts > dayStartMs(last));
    expect(beyond).toHaveLength(4);
    expect(beyond.every((s) => !s.success)).toBe(true);
  });

  it('booking: 422 on `scheduleddate` one day past the horizon', async () => {
    const res = await call<ErrorAnswer>('POST', '/api/shootings', { token: broker, body: bookingAt(ADDRESS, past, true) });
    expectField(res, 422, 'scheduleddate');
    expect(res.body.error.fields?.scheduleddate).toEqual([HORIZON_MESSAGE]);
  });

  it('change time: 422 on `scheduleddate` past the horizon, the shooting left where it was', async () => {
    // A free half-day some weeks ahead to book into.
    const slots = await call<{ time_slot: TimeSlot[] }>('POST', '/api/shootings/availability', { token: broker, body: slotsRequest(ADDRESS, day(50), 14) });
    const free = slots.body.time_slot.find((s) => s.success)!;
    expect(free).toBeDefined();
    const booked = await call<{ data: ShootingView }>('POST', '/api/shootings', { token: broker, body: bookingAt(ADDRESS, localDateOf(free.date_in_ts), free.is_am) });
    expect(booked.status).toBe(200);
    const id = booked.body.data.id;
    const moved = await call('PUT', `/api/shootings/${id}/time`, { token: broker, body: { scheduleddate: past, is_am: true } });
    expectField(moved, 422, 'scheduleddate');
    const after = await call<{ data: ShootingView }>('GET', `/api/shootings/${id}`, { token: broker });
    expect(after.body.data.scheduleddate).toBe(booked.body.data.scheduleddate);
    await call('PUT', `/api/shootings/${id}/cancel`, { token: broker, body: { cancellation_reason: 'horizon test' } });
  });
});
