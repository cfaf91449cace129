import { PLANNER_MESSAGES, unassignShootingTech } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { transact } from '../plumbing/transact.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import { getShootingItem, unassignShooting } from '../storage/shootings.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';

/** Takes a shooting from its technician; the legs of their day are then stored as the route now runs (data-model sh-4). */
export const handler = apiHandler(unassignShootingTech, async ({ shooting_id, version }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  if (version !== undefined && shooting.version !== version) throw conflict(PLANNER_MESSAGES.stale);
  if (shooting.tech_id === null) return { success: true };
  await transact([unassignShooting(shooting), bumpHalfDay(shooting.scheduleddate, shooting.am)]);
  await refreshDayLegs([shooting.scheduleddate], log);
  log('unassigned', { shooting_id, from: shooting.tech_id });
  return { success: true };
});
