/**
 * Planning engine, public API (issue 3). Pure core: every function takes its travel matrix
 * as data; the two `…With` variants fetch it from a TravelProvider first (which may do I/O) and
 * are what the server calls (booking availability, planner figures). The dispatch's solve step
 * fetches its matrix itself, to time the solver's safety stop from what is left (ADR 0123).
 */
import { dayPoints, type DayProblem } from './day.ts';
import {
  routeFigures,
  routeFiguresPoints,
  slotAvailability,
  withCandidate,
  type CandidateShooting,
  type RouteFigures,
  type RouteFiguresOptions,
  type SlotAnswer,
} from './figures.ts';
import type { ShootingInput, TechnicianInput } from './day.ts';
import type { TravelProvider } from './travel.ts';

export * from './day.ts';
export * from './figures.ts';
export * from './travel.ts';
export * from './zones.ts';
export { solveVroom, dayToVroom, vroomToModel, modelToVroomSolution } from './vroom-format.ts';
export type { VroomProblem, VroomSolution } from './vroom-format.ts';
export { solveInstance, type SearchOptions, type SearchResult } from './engine/sisr.ts';
export { buildInstance, type ProblemSpec, type Instance } from './engine/model.ts';
export { evaluateRoute } from './engine/schedule.ts';

/** Planner figures of one technician ('recalculateShootingDistances'). */
export async function routeFiguresWith(
  tech: TechnicianInput,
  shootings: readonly ShootingInput[],
  travel: TravelProvider,
  options: RouteFiguresOptions = {},
): Promise<RouteFigures> {
  const matrix = await travel.matrix(routeFiguresPoints(tech, shootings));
  return routeFigures(tech, shootings, matrix, options);
}

/** Booking availability of one half-day. */
export async function slotAvailabilityWith(day: DayProblem, candidate: CandidateShooting, am: boolean, travel: TravelProvider): Promise<SlotAnswer> {
  const matrix = await travel.matrix(dayPoints(withCandidate(day, candidate, am)));
  return slotAvailability(day, candidate, am, matrix);
}
