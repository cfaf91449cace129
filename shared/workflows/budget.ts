/**
 * The time budget of the synchronous dispatch (ADR 0101), in one place: the CDK reads it for the
 * Lambda and workflow timeouts, the functions for how long the caller waits, the solver's budget
 * and the latest moment the apply step may start. Every limit nests inside the next one:
 *
 *   solver (≤ solverMaxMs) < Solve Lambda < workflow < dispatchShooting Lambda < HTTP API (30 s)
 *
 * and the apply step starts only while it can still finish before the workflow's limit
 * (applyBy = start + workflow − apply − margin), so a workflow that runs out of time has
 * written nothing and the caller's 503 is the truth.
 */
export const HTTP_API_LIMIT_S = 30;

export interface DispatchBudget {
  operationTimeoutS: number;
  workflowTimeoutS: number;
  loadDayTimeoutS: number;
  solveTimeoutS: number;
  solverMaxMs: number;
  applyTimeoutS: number;
  marginS: number;
}

export const DISPATCH_BUDGET: Readonly<DispatchBudget> = {
  /** dispatchShooting's Lambda: waits for the workflow, then answers; below the HTTP API's 30 s. */
  operationTimeoutS: 28,
  /** The workflow's TimeoutSeconds, and how long the operation waits for it (locally too). */
  workflowTimeoutS: 24,
  /** Lambda timeout of the LoadDay step. */
  loadDayTimeoutS: 5,
  /** Lambda timeout of the Solve step (travel matrix + solver). */
  solveTimeoutS: 16,
  /** The solver's own budget, at most (shared/planning's time limit). */
  solverMaxMs: 10_000,
  /** Lambda timeout of the Apply step: once started, it is done before the workflow's limit. */
  applyTimeoutS: 5,
  /** Clock differences between the caller, Step Functions and the Lambdas. */
  marginS: 1,
};

/** The latest moment the apply step may start for a dispatch whose caller started at `startedMs`. */
export function applyDeadline(startedMs: number, budget: Pick<DispatchBudget, 'workflowTimeoutS' | 'applyTimeoutS' | 'marginS'> = DISPATCH_BUDGET): Date {
  return new Date(startedMs + (budget.workflowTimeoutS - budget.applyTimeoutS - budget.marginS) * 1000);
}
