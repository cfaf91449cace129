import { dispatchWorkflow } from './dispatch.ts';
import type { WorkflowDefinition } from './types.ts';

/** Every state machine: deployed by the CDK WorkflowsStack, run locally by aws-local-stepfunctions. */
export const WORKFLOWS: readonly WorkflowDefinition[] = [dispatchWorkflow];

export { dispatchWorkflow } from './dispatch.ts';
export { DISPATCH_BUDGET, HTTP_API_LIMIT_S, applyDeadline } from './budget.ts';
export type { WorkflowDefinition, WorkflowTask, WorkflowResource } from './types.ts';
