import type { ParsedInputOf } from '#shared/catalogue/operation.ts';
import { PLANNER_MESSAGES, assignProdShooting } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { backoffDelay, pause } from '../plumbing/retry.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { bumpHalfDay, dayGuardItems } from '../storage/half-day.ts';
import { assignShooting, getShootingItem, isActive } from '../storage/shootings.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';
import { techDayFit } from '../use-cases/tech-day-fit.ts';

/** How many times an unforced assignment checks the technician's day again when the day changed between its check and its write. */
const DAY_CHECKS = 4;

/**
 * Manual assignment (planner drag and drop). Without force: refused when the technician's day is
 * locked ('Tech is currently locked for the day!' on the web) or the shooting does not fit their
 * day next to what they hold (schedule conflict). Zones and skills are the dispatcher's call.
 * The write is conditional on the shooting's version, so it never races a dispatch silently, and
 * an unforced one on the day's half-day guards as the check read them: two planners dropping two
 * shootings on the last free hour of one technician at once do not both get it; the second is
 * checked again on the day as it now is (ADR 0645).
 */
export const handler = apiHandler(assignProdShooting, async (input, { log }) => {
  const outcome = await assignChecked(input, log);
  if ('refused' in outcome) return { success: false, reason: outcome.refused, shootings: [] };
  log('assigned', { shooting_id: input.shooting_id, tech_id: input.tech_id, force_assigned: input.force_assigned });

  // The assignment stands whatever happens next: without figures (logged), the board's reload shows it.
  const figures = (await refreshDayLegs([outcome.date], log)).get(outcome.date);
  const route = figures?.techs.find((t) => t.tech_id === input.tech_id)?.route ?? [];
  const legs = new Map((figures?.legs ?? []).map((l) => [l.shootingId, l]));
  return {
    success: true,
    shootings: route.map((id) => ({ id, distance: legs.get(id)?.km ?? null, transit_time: legs.get(id)?.transitS ?? null })),
  };
});

/** Checks the technician's day and writes the assignment; answers the day written into, or why it was refused. */
async function assignChecked(
  { shooting_id, tech_id, force_assigned, version }: ParsedInputOf<typeof assignProdShooting>,
  log: (...parts: unknown[]) => void,
): Promise<{ date: string } | { refused: 'locked' | 'conflict' }> {
  for (let attempt = 1; ; attempt++) {
    const shooting = await getShootingItem(shooting_id);
    if (!shooting) throw notFound('Shooting not found.');
    // A drop from a board older than the shooting's last change (another dispatcher moved it): refused, not applied over it.
    if (version !== undefined && shooting.version !== version) throw conflict(PLANNER_MESSAGES.stale);
    if (!isActive(shooting)) throw conflict('This shooting is cancelled or abandoned.');
    const date = shooting.scheduleddate;
    const fit = await techDayFit(date, tech_id, shooting_id);
    if (!fit) throw notFound('Technician not found.');

    if (!force_assigned) {
      if (fit.locked) return { refused: 'locked' };
      if (!fit.feasible) {
        log('assignment refused: schedule conflict', fit.violations);
        return { refused: 'conflict' };
      }
    }

    const day = force_assigned ? [bumpHalfDay(date, shooting.am)] : [dayNotLocked(date, tech_id), ...dayGuardItems(date, shooting.am, fit.guards, shooting_id)];
    try {
      await transact([assignShooting(shooting, tech_id, force_assigned), ...day]);
      return { date };
    } catch (error) {
      const codes = cancellationCodes(error);
      // The shooting itself changed (another drop, a dispatch): 409, the board reloads. A forced
      // assignment checks nothing, so nothing is worth checking again.
      if (!codes || codes[0] !== 'None' || force_assigned) throw error;
      if (attempt >= DAY_CHECKS) throw conflict(PLANNER_MESSAGES.stale);
      log('day changed since the check; checking again', { attempt, codes });
      if (codes.includes('TransactionConflict')) await pause(backoffDelay(attempt, { base: 25, cap: 400 }));
    }
  }
}
