import { mkdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { BOOKING_HORIZON_DAYS } from '#shared/rules/booking-horizon.ts';
import { ownStack } from './provided.ts';

/** The seeded world (scripts/local/seed) books, locks and blocks days 0 to 12: own days start after it. */
const FIRST_OWN_DAY = 13;
/** Kept clear of the horizon's last days, which the horizon tests probe (from the horizon − 2 on). */
const LAST_OWN_DAY = BOOKING_HORIZON_DAYS - 3;

/**
 * A day no other test of this run gets on its stack: each call claims the next free day after the
 * seeded ones and within the booking horizon, by creating its folder in the stack's claims folder
 * (in the run's, made by the global setup), so claims hold across the test files and workers of a
 * stack; each stack has its own days. There are no weekend rules to avoid.
 */
export function ownDay(): string {
  return ownDays(1)[0]!;
}

/** `count` consecutive days of one's own (see ownDay), for a test about neighbouring days. */
export function ownDays(count: number): string[] {
  const claims = join(inject('dayClaims'), new URL(ownStack().baseUrl).port);
  mkdirSync(claims, { recursive: true });
  const today = localDateOf(Date.now());
  for (let first = FIRST_OWN_DAY; first + count - 1 <= LAST_OWN_DAY; first++) {
    const taken: string[] = [];
    for (let n = first; n < first + count && claim(join(claims, String(n))); n++) taken.push(join(claims, String(n)));
    if (taken.length === count) return taken.map((_, i) => addDays(today, first + i));
    for (const path of taken) rmdirSync(path);
  }
  throw new Error(`no ${count} free days from +${FIRST_OWN_DAY} to +${LAST_OWN_DAY}: a test run claims too many days`);
}

function claim(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
