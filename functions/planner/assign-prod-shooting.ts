import { assignProdShooting } from '#shared/catalogue/planner.ts';
import { routeFiguresWith } from '#shared/planning/index.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { location } from '../plumbing/location/index.ts';
import { transact } from '../plumbing/transact.ts';
import { dayNotLocked } from '../storage/day-locks.ts';
import { bumpHalfDay } from '../storage/half-day.ts';
import { assignShooting, getShootingItem, isActive, storeLegs } from '../storage/shootings.ts';
import { loadPlanningDay } from '../use-cases/planning-day.ts';
import { dayFigures } from '../use-cases/route-figures.ts';

/**
 * Manual assignment (planner drag and drop). Without force: refused when the technician's day is
 * locked ('Tech is currently locked for the day!' on the web) or the shooting does not fit their
 * day next to what they hold (schedule conflict). Zones and skills are the dispatcher's call.
 * The write is conditional on the shooting's version, so it never races a dispatch silently.
 */
export const handler = apiHandler(assignProdShooting, async ({ shooting_id, tech_id, force_assigned }, { log }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  if (!isActive(shooting)) throw conflict('This shooting is cancelled or abandoned.');
  const date = shooting.scheduleddate;
  const day = await loadPlanningDay(date, [shooting_id]);
  const tech = day.problem.technicians.find((t) => t.id === tech_id);
  if (!tech) throw notFound('Technician not found.');

  if (!force_assigned) {
    if (tech.dayLocked) return { success: false, reason: 'locked' as const, shootings: [] };
    // What the technician already holds: assigned shootings and the capacity bookings reserved.
    const held = day.problem.shootings.filter((s) => s.current?.techId === tech_id && s.id !== shooting_id);
    const candidate = day.problem.shootings.find((s) => s.id === shooting_id);
    if (candidate) {
      const fit = await routeFiguresWith(tech, [...held, candidate], await location(), { order: 'best', settings: day.problem.settings ?? {} });
      if (!fit.feasible) {
        log('assignment refused: schedule conflict', fit.violations);
        return { success: false, reason: 'conflict' as const, shootings: [] };
      }
    }
  }

  await transact([assignShooting(shooting, tech_id, force_assigned), ...(force_assigned ? [] : [dayNotLocked(date, tech_id)]), bumpHalfDay(date, shooting.am)]);
  log('assigned', { shooting_id, tech_id, force_assigned });

  const figures = await dayFigures(date);
  await storeLegs(figures.legs);
  const route = figures.techs.find((t) => t.tech_id === tech_id)?.route ?? [];
  const legs = new Map(figures.legs.map((l) => [l.shootingId, l]));
  return {
    success: true,
    shootings: route.map((id) => ({ id, distance: legs.get(id)?.km ?? null, transit_time: legs.get(id)?.transitS ?? null })),
  };
});
