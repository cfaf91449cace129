import { lambdaTask, type WorkflowDefinition } from './types.ts';

/**
 * Dispatch (part 2 'Dispatch', issue 3): load the day → solve → apply. EXPRESS, so the API
 * operation starts it synchronously and answers userDispatched / shootingDispatched.
 */
export const dispatchWorkflow: WorkflowDefinition = {
  resource: 'dispatchWorkflow',
  type: 'EXPRESS',
  definition: {
    Comment: 'Dispatch unassigned shootings of a day: load the day, solve, apply with conditional writes.',
    StartAt: 'LoadDay',
    TimeoutSeconds: 60,
    States: {
      LoadDay: lambdaTask('LoadDay', { Next: 'Solve' }),
      Solve: lambdaTask('Solve', { Next: 'Apply' }),
      Apply: lambdaTask('Apply', { End: true }),
    },
  },
  tasks: {
    LoadDay: { module: 'functions/workflows/dispatch-load-day.ts', resources: ['table'] },
    Solve: { module: 'functions/workflows/dispatch-solve.ts', resources: ['location'], timeoutSeconds: 25, memoryMb: 1769 },
    Apply: { module: 'functions/workflows/dispatch-apply.ts', resources: ['table'] },
  },
};
