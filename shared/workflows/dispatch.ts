import { DISPATCH_BUDGET } from './budget.ts';
import { lambdaTask, type WorkflowDefinition } from './types.ts';

/**
 * Dispatch (part 2 'Dispatch', issue 3): load the day → solve → apply. EXPRESS, so the API
 * operation starts it synchronously and answers userDispatched / shootingDispatched. Timeouts come
 * from DISPATCH_BUDGET (ADR 0101); Apply also receives the execution input's `applyBy` (merged
 * in from the context object) and refuses to start after it.
 */
export const dispatchWorkflow: WorkflowDefinition = {
  resource: 'dispatchWorkflow',
  type: 'EXPRESS',
  definition: {
    Comment: 'Dispatch unassigned shootings of a day: load the day, solve, apply with conditional writes.',
    StartAt: 'LoadDay',
    TimeoutSeconds: DISPATCH_BUDGET.workflowTimeoutS,
    States: {
      LoadDay: lambdaTask('LoadDay', { Next: 'Solve' }),
      Solve: lambdaTask('Solve', { Next: 'Apply' }),
      Apply: lambdaTask('Apply', { End: true }, 'States.JsonMerge($$.Execution.Input, $, false)'),
    },
  },
  tasks: {
    LoadDay: { module: 'functions/workflows/dispatch-load-day.ts', resources: ['table'], writes: [], timeoutSeconds: DISPATCH_BUDGET.loadDayTimeoutS },
    Solve: { module: 'functions/workflows/dispatch-solve.ts', resources: ['location'], timeoutSeconds: DISPATCH_BUDGET.solveTimeoutS, memoryMb: 1769 },
    Apply: { module: 'functions/workflows/dispatch-apply.ts', resources: ['table', 'location'], timeoutSeconds: DISPATCH_BUDGET.applyTimeoutS },
  },
};
