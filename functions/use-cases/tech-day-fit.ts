import { routeFiguresWith } from '#shared/planning/index.ts';
import { location } from '../plumbing/location/index.ts';
import { loadPlanningDay, type PlanningDay } from './planning-day.ts';

export interface TechDayFit {
  locked: boolean;
  /** Whether the technician's route through what they hold (and the shooting named) fits their day. */
  feasible: boolean;
  violations: unknown;
  /** The day's half-day guard versions when it was read: a write made on this answer commits only while they hold. */
  guards: PlanningDay['guards'];
}

/**
 * Whether a technician's day takes a shooting without force (manual assignment, removal of the
 * forced flag), or what they hold fits their day at all (unlocking): the day lock, and the best
 * route through the shootings they hold plus `shootingId` within their hours and unavailabilities.
 * Undefined when the technician does not work that day.
 */
export async function techDayFit(date: string, techId: number, shootingId?: number): Promise<TechDayFit | undefined> {
  const day = await loadPlanningDay(date, shootingId === undefined ? [] : [shootingId]);
  const tech = day.problem.technicians.find((t) => t.id === techId);
  if (!tech) return undefined;
  const held = day.problem.shootings.filter((s) => s.current?.techId === techId && s.id !== shootingId);
  const candidate = shootingId === undefined ? undefined : day.problem.shootings.find((s) => s.id === shootingId);
  const route = candidate ? [...held, candidate] : held;
  // A shooting with no known position cannot be checked: it is taken as fitting, as before.
  if (route.length === 0 || (shootingId !== undefined && !candidate)) return { locked: tech.dayLocked ?? false, feasible: true, violations: [], guards: day.guards };
  const fit = await routeFiguresWith(tech, route, await location(), { order: 'best', settings: day.problem.settings ?? {} });
  return { locked: tech.dayLocked ?? false, feasible: fit.feasible, violations: fit.violations, guards: day.guards };
}
