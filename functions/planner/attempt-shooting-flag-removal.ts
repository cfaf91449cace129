import { PLANNER_MESSAGES, attemptShootingFlagRemoval } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { dayUnchanged } from '../storage/half-day.ts';
import { clearForcedFlag, forcedFlagRemoval, getShootingItem, isActive } from '../storage/shootings.ts';
import { transactThroughConflicts } from '../plumbing/transact.ts';
import { techDayFit } from '../use-cases/tech-day-fit.ts';

/**
 * Clears a shooting's forced-assignment flag when it no longer needs it: its technician's day is
 * not locked and the route through what they hold fits the day, as it still is when the flag goes.
 * Otherwise success false and the flag stays ("La réinitilisation n'a pas pu être effectuée." on the web).
 */
export const handler = apiHandler(attemptShootingFlagRemoval, async ({ shooting_id, version }, { log }) => {
  // The check holds on the day as it read it: a shooting forced onto the same technician meanwhile, or
  // a lock, moves the day's half-day guards, and the day is checked again (ADR 0645).
  for (let attempt = 1; attempt <= FLAG_CHECKS; attempt++) {
    const shooting = await getShootingItem(shooting_id);
    if (!shooting) throw notFound('Shooting not found.');
    if (shooting.version !== version) throw conflict(PLANNER_MESSAGES.stale);
    if (!isActive(shooting)) throw conflict(PLANNER_MESSAGES.notActive);
    if (!shooting.force_assigned) return { success: true };
    if (shooting.tech_id === null) {
      await clearForcedFlag(shooting);
      log('forced flag removed', { shooting_id });
      return { success: true };
    }
    const fit = await techDayFit(shooting.scheduleddate, shooting.tech_id, shooting.id);
    if (!fit || fit.locked || !fit.feasible) {
      log('flag kept', { shooting_id, locked: fit?.locked, feasible: fit?.feasible });
      return { success: false };
    }
    const failed = await transactThroughConflicts([forcedFlagRemoval(shooting), dayNotLocked(shooting.scheduleddate, shooting.tech_id), ...dayUnchanged(shooting.scheduleddate, fit.guards)]);
    if (!failed) {
      log('forced flag removed', { shooting_id });
      return { success: true };
    }
    // The shooting itself changed: the board's copy is stale.
    if (failed[0] === 'ConditionalCheckFailed') throw conflict(PLANNER_MESSAGES.stale);
    log('day changed since the flag check; checking again', { attempt, codes: failed });
  }
  throw conflict(PLANNER_MESSAGES.stale);
});

/** How many times a flag removal checks a day that keeps changing under it before answering 409. */
const FLAG_CHECKS = 4;
