import { PLANNER_MESSAGES, updateLockStatus } from '#shared/catalogue/planner.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { changedMeanwhile, conflict, notFound } from '../plumbing/errors.ts';
import { dayUnlock, lockDay, lockedTechnicians } from '../storage/day-locks.ts';
import { dayUnchanged } from '../storage/half-day.ts';
import { transactThroughConflicts } from '../plumbing/transact.ts';
import { getUser } from '../storage/users.ts';
import { confirmLockedDay } from '../use-cases/confirm-day.ts';
import { mailConfirmations } from '../use-cases/shooting-mail.ts';
import { techDayFit } from '../use-cases/tech-day-fit.ts';

/**
 * Locks or unlocks a technician's day (part 2 §4 'Technician day lock'). A locked day is the final
 * plan: its pending shootings are confirmed at the times its route plans (ADR 0540), and their
 * brokers are e-mailed those times (ADR 0705). Unlocking is refused while
 * the shootings the technician holds that day do not fit it (forced on top of each other): the
 * day would be offered to bookings and the dispatch with time it does not have.
 */
export const handler = apiHandler(updateLockStatus, async ({ tech_id, locked, date }, { user, log, event }) => {
  const tech = await getUser(tech_id);
  if (!tech || tech.role !== Role.tech_capture) throw notFound(PLANNER_MESSAGES.notTechnician);
  if (locked) {
    await lockDay(date, tech_id, user.id);
    // The lock is the action asked for: confirmations that cannot be made now (the travel service
    // down…) do not undo it; locking the day again confirms what is still pending.
    const outcome = await confirmLockedDay(date, tech_id).catch((error: unknown) => {
      log('day locked, confirmations not made', String((error as Error | null)?.message ?? error));
      return undefined;
    });
    log('day locked', { date, tech_id, confirmed: outcome?.confirmed, feasible: outcome?.feasible, interrupted: outcome?.interrupted });
    // Each broker learns the planned arrival of their confirmed shooting (ADR 0705).
    if (outcome) await mailConfirmations(outcome.shootings, { event, log });
    return { success: true, locked: true, ...(outcome && { confirmed: outcome.confirmed }) };
  }
  if (!(await lockedTechnicians(date)).has(tech_id)) return { success: true, locked: false };
  // The check holds on the day as it read it: a shooting forced onto the technician meanwhile moves
  // the half-day guards, and the day is checked again (ADR 0645).
  for (let attempt = 1; attempt <= UNLOCK_CHECKS; attempt++) {
    const fit = await techDayFit(date, tech_id);
    if (fit && !fit.feasible) {
      log('unlock refused: conflicting shootings', fit.violations);
      throw conflict(PLANNER_MESSAGES.unlockFailed, { violations: fit.violations });
    }
    const failed = await transactThroughConflicts([dayUnlock(date, tech_id), ...(fit ? dayUnchanged(date, fit.guards) : [])]);
    if (!failed) {
      log('day unlocked', { date, tech_id });
      return { success: true, locked: false };
    }
    log('day changed since the unlock check; checking again', { attempt, codes: failed });
  }
  throw changedMeanwhile();
});

/** How many times an unlock checks a day that keeps changing under it before answering 409. */
const UNLOCK_CHECKS = 4;
