import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { BOOKING_HORIZON_DAYS } from '#shared/rules/booking-horizon.ts';
import { createExclusive } from './exclusive-file.ts';
import { ownStack, portOf } from './provided.ts';

/** The seeded world (scripts/local/seed) books, locks and blocks days 0 to 12. */
const QUIET_DAY = 13;
/** Own days start after the seeded ones and the quiet day. */
const FIRST_OWN_DAY = QUIET_DAY + 1;
/** Kept clear of the horizon's last days, which the horizon tests probe (from the horizon − 2 on). */
const LAST_OWN_DAY = BOOKING_HORIZON_DAYS - 3;

/*
 * Days are claimed by half-day, in the stack's claims folder (in the run's, made by the global
 * setup), so claims hold across the test files and workers of a stack; each stack has its own days,
 * 74 of them (docs/decisions/0620). A file leases the free stack with the fewest claims
 * (./stack-lease.ts, ADR 0740), so the claims spread over the stacks. There are no weekend rules to
 * avoid.
 */

/** A whole day no other test of this run gets on its stack: for a test that locks, dispatches, reads the day's board or moves between its halves. */
export function ownDay(): string {
  return ownDays(1)[0]!;
}

/** `count` consecutive days of one's own (see ownDay), for a test about neighbouring days. */
export function ownDays(count: number): string[] {
  return claimFirst(count, ['am', 'pm']);
}

/**
 * A half-day of one's own (the date; `am` says which half): for a test that books into that half
 * only and reads its own shootings, never the whole day (its other half is another test's).
 */
export function ownHalfDay(am: boolean): string {
  return claimFirst(1, [am ? 'am' : 'pm'])[0]!;
}

/**
 * A day no test claims and none writes to on purpose (the day after the seeded ones): for a request
 * refused before it writes anything, and for a read of a day with nothing booked.
 */
export function quietDay(): string {
  return addDays(localDateOf(Date.now()), QUIET_DAY);
}

/**
 * A half-day of the last bookable day, claimed like the others (one test at a time books there), for a
 * test that books at the horizon itself. The horizon tests read those days' availability and book
 * nothing there, so a booking of this half-day does not change what they check.
 */
export function horizonHalfDay(am: boolean): string {
  const claims = join(inject('dayClaims'), portOf(ownStack()));
  mkdirSync(claims, { recursive: true });
  const path = join(claims, `${BOOKING_HORIZON_DAYS}-${am ? 'am' : 'pm'}`);
  if (!createExclusive(path)) throw new Error(`the horizon's ${am ? 'morning' : 'afternoon'} is already claimed on this stack`);
  return addDays(localDateOf(Date.now()), BOOKING_HORIZON_DAYS);
}

/** Claims the given halves of the first `count` consecutive days that have them free. */
function claimFirst(count: number, halves: string[]): string[] {
  const claims = join(inject('dayClaims'), portOf(ownStack()));
  mkdirSync(claims, { recursive: true });
  const today = localDateOf(Date.now());
  for (let first = FIRST_OWN_DAY; first + count - 1 <= LAST_OWN_DAY; first++) {
    const taken: string[] = [];
    const wanted = Array.from({ length: count }, (_, i) => halves.map((half) => join(claims, `${first + i}-${half}`))).flat();
    for (const path of wanted) {
      if (!createExclusive(path)) break;
      taken.push(path);
    }
    if (taken.length === wanted.length) return Array.from({ length: count }, (_, i) => addDays(today, first + i));
    for (const path of taken) rmSync(path);
  }
  throw new Error(`no ${count} free days (${halves.join(', ')}) from +${FIRST_OWN_DAY} to +${LAST_OWN_DAY}: a test run claims too many days`);
}
