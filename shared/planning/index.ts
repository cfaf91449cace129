/**
 * Planning engine, public API (issue 3). Pure core: every function takes its travel matrix
 * as data; the `…With` variants fetch it from a TravelProvider first (which may do I/O).
 */
import { dayPoints, solveDay, type DayPlan, type DayProblem, type SolveDayOptions } from './day.ts';
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

/** Dispatch: solve a day with travel from a provider. */
export async function solveDayWith(problem: DayProblem, travel: TravelProvider, options: SolveDayOptions = {}): Promise<DayPlan> {
  const matrix = await travel.matrix(dayPoints(problem));
  return solveDay(problem, matrix, options);
}

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

/** Part 1 section 3: a time slot of the booking wizard. */
export interface TimeSlot {
  date_in_ts: number;
  is_am: boolean;
  success: boolean;
}

/**
 * The booking time-slot list: for each coming day (its technicians and current shootings),
 * an AM and a PM slot. `dateInTs` is the day's timestamp as the web expects it.
 */
export async function timeSlotList(days: ReadonlyArray<{ dateInTs: number; day: DayProblem }>, candidate: CandidateShooting, travel: TravelProvider): Promise<TimeSlot[]> {
  const out: TimeSlot[] = [];
  for (const { dateInTs, day } of days) {
    for (const am of [true, false]) {
      const answer = await slotAvailabilityWith(day, candidate, am, travel);
      out.push({ date_in_ts: dateInTs, is_am: am, success: answer.success });
    }
  }
  return out;
}
