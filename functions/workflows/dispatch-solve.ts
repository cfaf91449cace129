import { dispatchOutcome, dayPoints, solveDay, type DispatchOutcome, type SolverInputStatus } from '#shared/planning/index.ts';
import { location } from '../commons/location/index.ts';
import type { PlanningDay } from '../commons/planning-day.ts';

/** Solver budget inside the workflow; the Lambda has 15 s, travel lookups included. */
const SOLVE_BUDGET_MS = 3000;

export interface SolvedDispatch {
  date: string;
  versions: PlanningDay['versions'];
  /** Half-day of every shooting in the problem (the apply step bumps that half-day's guard). */
  halfDays: Record<string, boolean>;
  status: SolverInputStatus;
  outcome: DispatchOutcome;
  shootingRequested: number;
}

/** Dispatch step 2: travel matrix (Amazon Location in AWS, offline estimate locally) and solve. */
export async function handler(input: PlanningDay & { shootingRequested: number }): Promise<SolvedDispatch> {
  const travel = await location();
  const matrix = await travel.matrix(dayPoints(input.problem));
  const plan = solveDay(input.problem, matrix, { timeLimitMs: SOLVE_BUDGET_MS, seed: 1 });
  const outcome = dispatchOutcome(plan, input.requested);
  return {
    date: input.date,
    versions: input.versions,
    halfDays: Object.fromEntries(input.problem.shootings.map((s) => [String(s.id), s.am])),
    status: plan.status,
    outcome: { ...outcome, shootingRequested: input.shootingRequested },
    shootingRequested: input.shootingRequested,
  };
}
