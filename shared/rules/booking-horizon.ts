import { addDays, localDateOf } from './business-time.ts';

/**
 * How far ahead a shooting may be booked or moved (docs/decisions/0086-booking-horizon.md):
 * up to 90 days after today (Quebec), today + 90 included. Listings go on the market within
 * weeks; the technicians' unavailabilities, day locks and zones are not planned further out.
 */
export const BOOKING_HORIZON_DAYS = 90;

export const HORIZON_MESSAGE = `Shootings can be booked at most ${BOOKING_HORIZON_DAYS} days ahead.`;

/** The last day a shooting may be booked on, given the instant `now`. */
export function lastBookableDay(now: number = Date.now()): string {
  return addDays(localDateOf(now), BOOKING_HORIZON_DAYS);
}

/** Whether a YYYY-MM-DD day lies past the booking horizon. */
export function beyondHorizon(date: string, now: number = Date.now()): boolean {
  return date > lastBookableDay(now);
}
