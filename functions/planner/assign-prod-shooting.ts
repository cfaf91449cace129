import { PLANNER_MESSAGES, assignProdShooting } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { transact } from '../plumbing/transact.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import { assignShooting, getShootingItem, isActive } from '../storage/shootings.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';
import { techDayFit } from '../use-cases/tech-day-fit.ts';

/**
 * Manual assignment (planner drag and drop). Without force: refused when the technician's day is
 * locked ('Tech is currently locked for the day!' on the web) or the shooting does not fit their
 * day next to what they hold (schedule conflict). Zones and skills are the dispatcher's call.
 * The write is conditional on the shooting's version, so it never races a dispatch silently.
 */
export const handler = apiHandler(assignProdShooting, async ({ shooting_id, tech_id, force_assigned, version }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  // A drop from a board older than the shooting's last change (another dispatcher moved it): refused, not applied over it.
  if (version !== undefined && shooting.version !== version) throw conflict(PLANNER_MESSAGES.stale);
  if (!isActive(shooting)) throw conflict('This shooting is cancelled or abandoned.');
  const date = shooting.scheduleddate;
  const fit = await techDayFit(date, tech_id, shooting_id);
  if (!fit) throw notFound('Technician not found.');

  if (!force_assigned) {
    if (fit.locked) return { success: false, reason: 'locked' as const, shootings: [] };
    if (!fit.feasible) {
      log('assignment refused: schedule conflict', fit.violations);
      return { success: false, reason: 'conflict' as const, shootings: [] };
    }
  }

  await transact([assignShooting(shooting, tech_id, force_assigned), ...(force_assigned ? [] : [dayNotLocked(date, tech_id)]), bumpHalfDay(date, shooting.am)]);
  log('assigned', { shooting_id, tech_id, force_assigned });

  // The assignment stands whatever happens next: without figures (logged), the board's reload shows it.
  const figures = (await refreshDayLegs([date], log)).get(date);
  const route = figures?.techs.find((t) => t.tech_id === tech_id)?.route ?? [];
  const legs = new Map((figures?.legs ?? []).map((l) => [l.shootingId, l]));
  return {
    success: true,
    shootings: route.map((id) => ({ id, distance: legs.get(id)?.km ?? null, transit_time: legs.get(id)?.transitS ?? null })),
  };
});
