import { dispatchShooting } from '#shared/catalogue/planner.ts';
import { DISPATCH_BUDGET, applyDeadline, type DispatchBudget } from '#shared/workflows/budget.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { solverFailed } from '../plumbing/errors.ts';
import { doneWithin } from '../plumbing/retry.ts';
import { runWorkflow } from '../plumbing/workflows.ts';
import type { DispatchResult } from '../use-cases/dispatch.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';

/** What the operation keeps of its own time to answer after the legs' refresh. */
const ANSWER_MARGIN_MS = 1_500;

/**
 * Runs the dispatch workflow within the budget of ADR 0101. When it does not finish in time the
 * caller gets a 500 (a solver error, part 1 §8) saying nothing was changed, which holds: the apply step refuses to start
 * after `applyBy`, and once started it ends before the workflow's limit.
 *
 * Then the legs of the day's routes are stored as they now run: a shooting a technician already
 * held may now come after a dispatched one, and its leg with it (ADR 0645). The dispatch is done
 * by then, so this gets only the operation's time left; what it does not finish is logged, and the
 * planner's 'recalculate' mends it.
 */
export function dispatchHandler(budget: DispatchBudget) {
  return apiHandler(dispatchShooting, async ({ date, shooting_ids }, { log }) => {
    const started = Date.now();
    const applyBy = applyDeadline(started, budget).toISOString();
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
    if (result.shootingDispatched > 0) {
      const left = started + budget.operationTimeoutS * 1000 - ANSWER_MARGIN_MS - Date.now();
      if (!(await doneWithin(refreshDayLegs([date], log), left))) log('legs not refreshed in time', { date });
    }
    return result;
  });
}

export const handler = dispatchHandler(DISPATCH_BUDGET);
