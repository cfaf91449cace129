import { PLANNER_MESSAGES, abandonShooting } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { abandonShootingItem, getShootingItem, isActive } from '../storage/shootings.ts';
import { followListingShootingDate } from '../use-cases/booked-listing.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';

/** Abandons a shooting (state 13) the dispatcher confirmed; it leaves the board and its technician's route, whose legs are stored again. */
export const handler = apiHandler(abandonShooting, async ({ shooting_id, version }, { user, log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  if (shooting.version !== version) throw conflict(PLANNER_MESSAGES.stale);
  if (!isActive(shooting)) throw conflict(PLANNER_MESSAGES.notActive);
  await abandonShootingItem(shooting, user.id);
  await followListingShootingDate(shooting, log);
  if (shooting.tech_id !== null) await refreshDayLegs([shooting.scheduleddate], log);
  log('abandoned', { shooting_id, tech_id: shooting.tech_id });
  return { success: true };
});
