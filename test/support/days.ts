import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { BOOKING_HORIZON_DAYS } from '#shared/rules/booking-horizon.ts';
import './provided.ts';

/** The seeded world (scripts/local/seed) books, locks and blocks days 0 to 12: own days start after it. */
const FIRST_OWN_DAY = 14;
/** Kept clear of the horizon's last days, which the horizon tests probe. */
const LAST_OWN_DAY = BOOKING_HORIZON_DAYS - 4;

/**
 * A day no other test of this run gets: each call claims the next free day after the seeded ones
 * and within the booking horizon, by creating its folder in the run's claims folder (made by the
 * global setup), so claims hold across test files and workers. There are no weekend rules to avoid.
 */
export function ownDay(): string {
  const claims = inject('dayClaims');
  for (let n = FIRST_OWN_DAY; n <= LAST_OWN_DAY; n++) {
    try {
      mkdirSync(join(claims, String(n)));
      return addDays(localDateOf(Date.now()), n);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`every day from +${FIRST_OWN_DAY} to +${LAST_OWN_DAY} is taken: a test run claims too many days`);
}
