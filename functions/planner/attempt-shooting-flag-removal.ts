import { PLANNER_MESSAGES, attemptShootingFlagRemoval } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { clearForcedFlag, getShootingItem, isActive } from '../storage/shootings.ts';
import { techDayFit } from '../use-cases/tech-day-fit.ts';

/**
 * Clears a shooting's forced-assignment flag when it no longer needs it: its technician's day is
 * not locked and the route through what they hold fits the day. Otherwise success false and the
 * flag stays ("La réinitilisation n'a pas pu être effectuée." on the web).
 */
export const handler = apiHandler(attemptShootingFlagRemoval, async ({ shooting_id, version }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  if (shooting.version !== version) throw conflict(PLANNER_MESSAGES.stale);
  if (!isActive(shooting)) throw conflict(PLANNER_MESSAGES.notActive);
  if (!shooting.force_assigned) return { success: true };
  if (shooting.tech_id !== null) {
    const fit = await techDayFit(shooting.scheduleddate, shooting.tech_id, shooting.id);
    if (!fit || fit.locked || !fit.feasible) {
      log('flag kept', { shooting_id, locked: fit?.locked, feasible: fit?.feasible });
      return { success: false };
    }
  }
  await clearForcedFlag(shooting);
  log('forced flag removed', { shooting_id });
  return { success: true };
});
