import { dispatchShooting } from '#shared/catalogue/planner.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { runWorkflow } from '../commons/workflows.ts';
import type { DispatchResult } from '../workflows/dispatch-apply.ts';

export const handler = apiHandler(dispatchShooting, async ({ date, shooting_ids }, { log }) => {
  const result = (await runWorkflow('dispatchWorkflow', { date, shooting_ids })) as DispatchResult;
  log('dispatch', { date, requested: shooting_ids.length, dispatched: result.shootingDispatched });
  return result;
});
