import { SHOOTING_MESSAGES } from '#shared/catalogue/shootings.ts';
import type { CandidateShooting } from '#shared/planning/index.ts';
import { PLUMBING_MESSAGES } from '#shared/messages/plumbing.ts';
import { HttpError, conflict } from '../plumbing/errors.ts';
import { backoffDelay, pause } from '../plumbing/retry.ts';
import { cancellationCodes, transact, type TransactItems } from '../plumbing/transact.ts';
import { guardItems } from '../storage/half-day.ts';
import { dayProblem, forTechnician, halfDayAnswer } from './availability.ts';
import { readDay } from './day-state.ts';
import type { PlanningWorld } from './planning-world.ts';

export interface HalfDayWrite {
  world: PlanningWorld;
  date: string;
  am: boolean;
  candidate: CandidateShooting;
  shootingId: number;
  /** A shooting moving inside the day must not count against itself. */
  excludeShootingId?: number;
  /** The technician the shooting is assigned to: answered when they can take the half-day themselves. */
  keepTechId?: number | null;
  /** The writes of the booking itself, given the technician whose capacity it takes. */
  items: (techId: number) => TransactItems;
  log?: (...parts: unknown[]) => void;
}

/** The write's own items failed their conditions (not the half-day's guards): `codes`, one per own item, in their order. */
export class OwnWritesRefused extends HttpError {
  constructor(readonly codes: readonly string[]) {
    super('conflict', PLUMBING_MESSAGES.changedMeanwhile);
  }
}

/**
 * A booking that keeps losing to concurrent ones tries at least ATTEMPTS times and for at least
 * PATIENCE_MS, then gives up (409, reason 'busy'). On a busy machine one attempt (read, solve,
 * transaction) can take a second or more, so a count alone would give up on a half-day that still
 * has room; the hard stop stays well inside the operation's 15 s timeout.
 */
const ATTEMPTS = 8;
const PATIENCE_MS = 8_000;
const HARD_STOP_MS = 11_000;

/** Jittered, growing pause after a transaction lost to a concurrent one (no write committed, so nobody progressed): up to 50, 100 … 800 ms. */
const backOff = (attempt: number) => pause(backoffDelay(attempt, { base: 25, cap: 800 }));

/**
 * Re-checks a half-day's availability and writes into it in one transaction with the half-day
 * guards (version bump + the other half-day unchanged). When a concurrent booking changed the
 * day meanwhile, the check runs again on the new state: of two bookings racing for the last
 * place, one commits and the other finds the half-day full (409). Answers the technician held:
 * `keepTechId` when they fit (available, in zone, day not locked, time left), else any who fits.
 */
export async function writeIntoHalfDay(w: HalfDayWrite): Promise<number> {
  const started = Date.now();
  const patient = (attempt: number) => {
    const elapsed = Date.now() - started;
    return elapsed < HARD_STOP_MS && (attempt <= ATTEMPTS || elapsed < PATIENCE_MS);
  };
  for (let attempt = 1; patient(attempt); attempt++) {
    const day = await readDay(w.date, { consistent: true });
    const problem = await dayProblem(w.world, day, w.candidate, w.excludeShootingId === undefined ? {} : { excludeShootingId: w.excludeShootingId });
    const kept = w.keepTechId == null ? undefined : await halfDayAnswer(forTechnician(problem, w.keepTechId), w.candidate, w.am);
    const answer = kept?.success ? kept : await halfDayAnswer(problem, w.candidate, w.am);
    w.log?.('availability', w.date, w.am ? 'AM' : 'PM', answer);
    if (!answer.success || answer.techId === undefined) throw conflict(SHOOTING_MESSAGES.slotTaken, { reason: answer.reason ?? 'no_time' });
    const own = w.items(answer.techId);
    const [target, other] = w.am ? [day.guards.am, day.guards.pm] : [day.guards.pm, day.guards.am];
    try {
      await transact([...own, ...guardItems(target, other, w.shootingId)]);
      return answer.techId;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      w.log?.('transaction cancelled', attempt, codes);
      const mine = codes.slice(0, own.length);
      if (mine.includes('ConditionalCheckFailed')) throw new OwnWritesRefused(mine);
      // A guard that failed its condition means another booking committed: re-read at once. A
      // TransactionConflict anywhere (a guard or a zone that concurrent bookings hold, ADR 0167)
      // means transactions collided and none may have committed: all of them retrying at once
      // would collide again, so each waits a random, growing pause first.
      if (codes.includes('TransactionConflict') || mine.some((code) => code !== 'None')) await backOff(attempt);
    }
  }
  throw conflict(SHOOTING_MESSAGES.slotTaken, { reason: 'busy' });
}
