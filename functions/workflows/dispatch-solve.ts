import { dispatchOutcome, dayPoints, solveDay } from '#shared/planning/index.ts';
import { DISPATCH_BUDGET } from '#shared/workflows/budget.ts';
import { location } from '../plumbing/location/index.ts';
import type { SolvedDispatch } from '../use-cases/dispatch.ts';
import type { PlanningDay } from '../use-cases/planning-day.ts';

/**
 * Solver budget: grows with the day (a packed 150-shooting day gains from 10 s or more), capped
 * so load + solve + apply stay inside API Gateway's 30 s for the synchronous dispatch call.
 */
export function solveBudgetMs(shootings: number): number {
  return Math.min(DISPATCH_BUDGET.solverMaxMs, Math.max(2_000, 1_000 + 60 * shootings));
}

/**
 * Dispatch step 2: travel matrix (Amazon Location in AWS, offline estimate locally) and solve.
 * The requested shootings the load step could not offer the solver (with its reason) and those
 * held by a technician not working that day go on to the apply step (ADR 0595).
 */
export async function handler(input: PlanningDay & { shootingRequested: number }): Promise<SolvedDispatch & Pick<PlanningDay, 'stranded' | 'leftOut'>> {
  const travel = await location();
  const started = performance.now();
  const matrix = await travel.matrix(dayPoints(input.problem));
  // Effort is a work budget (the plan does not depend on the load, ADR 0105); the wall-clock
  // safety stop keeps the step inside its Lambda timeout on a slow or loaded machine.
  const safetyMs = Math.max(1_000, DISPATCH_BUDGET.solveTimeoutS * 1000 - 3_000 - (performance.now() - started));
  const plan = solveDay(input.problem, matrix, { effortMs: solveBudgetMs(input.problem.shootings.length), timeLimitMs: safetyMs, seed: 1 });
  const outcome = dispatchOutcome(plan, input.requested);
  return {
    date: input.date,
    versions: input.versions,
    guards: input.guards,
    halfDays: Object.fromEntries(input.problem.shootings.map((s) => [String(s.id), s.am])),
    status: plan.status,
    outcome: { ...outcome, shootingRequested: input.shootingRequested },
    shootingRequested: input.shootingRequested,
    stranded: input.stranded,
    leftOut: input.leftOut,
  };
}
