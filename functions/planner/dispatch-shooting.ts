import { dispatchShooting } from '#shared/catalogue/planner.ts';
import { DISPATCH_BUDGET, applyDeadline, type DispatchBudget } from '#shared/workflows/budget.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { solverFailed } from '../plumbing/errors.ts';
import { runWorkflow } from '../plumbing/workflows.ts';
import type { DispatchResult } from '../use-cases/dispatch.ts';

/**
 * Runs the dispatch workflow within the budget of ADR 0101. When it does not finish in time the
 * caller gets a 500 (a solver error, part 1 §8) saying nothing was changed, which holds: the apply step refuses to start
 * after `applyBy`, and once started it ends before the workflow's limit.
 */
export function dispatchHandler(budget: DispatchBudget) {
  return apiHandler(dispatchShooting, async ({ date, shooting_ids }, { log }) => {
    const applyBy = applyDeadline(Date.now(), budget).toISOString();
    const result = (await runWorkflow(
      'dispatchWorkflow',
      { date, shooting_ids, applyBy },
      {
        timeoutS: budget.workflowTimeoutS,
        outOfTime: () => {
          log('dispatch out of time', { date, requested: shooting_ids.length, budgetS: budget.workflowTimeoutS });
          return solverFailed(
            `Planning did not finish within ${budget.workflowTimeoutS} s; no shooting was assigned. Try again, or dispatch fewer shootings at once.`,
          );
        },
      },
    )) as DispatchResult;
    log('dispatch', { date, requested: shooting_ids.length, dispatched: result.shootingDispatched });
    return result;
  });
}

export const handler = dispatchHandler(DISPATCH_BUDGET);
