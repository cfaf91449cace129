import { createSession } from '#functions/plumbing/sessions.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { createShooting, type ShootingView, type validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import type { InputOf } from '#shared/catalogue/index.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { bodyOf, callOp } from '../support/operations.ts';

/**
 * Helpers of the booking, shootings and availability tests. `day(n)` is for days that mean
 * something (yesterday, the seeded days, the horizon); a test that only needs a day of its own
 * takes `ownDay()`, `ownHalfDay(am)` or `quietDay()` (test/support/days.ts).
 */
export const day = (n: number) => addDays(localDateOf(Date.now()), n);

export type BookingInput = InputOf<typeof createShooting>;
export type SlotsInput = InputOf<typeof validateShootingAvailability>;

export async function planningBrokerToken(index = 0): Promise<string> {
  const b = PLANNING_BROKERS[index]!;
  return (await createSession({ id: b.id, firstname: b.firstname, lastname: b.lastname, email: b.email, role: 3 })).token;
}

export function bookingAt(address: string, date: string, am: boolean, extra: Partial<BookingInput> = {}): BookingInput {
  const p = demoAddress(address);
  return { address: p.address, app: '', city: p.city, postalcode: p.postalcode, is_house: true, room_count: 4, scheduleddate: date, is_am: am, is_existing_listing: false, note: '', lat: p.lat, lng: p.lng, ...extra };
}

export function slotsRequest(address: string, date: string, days: number, extra: Partial<SlotsInput> = {}): SlotsInput {
  const p = demoAddress(address);
  return { address: p.address, is_house: true, room_count: 4, only_360: false, date, days, lat: p.lat, lng: p.lng, ...extra };
}

/** Books a shooting through the API as the token's caller would (unconfirmed, unassigned); fails the test unless 200. */
export async function book(token: string, address: string, date: string, am: boolean): Promise<ShootingView> {
  return bodyOf(await callOp(createShooting, bookingAt(address, date, am), token)).data;
}
