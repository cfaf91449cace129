import { dispatchWorkflow } from './dispatch.ts';
import { videoWorkflow } from './video.ts';
import type { WorkflowDefinition } from './types.ts';

/** Every state machine: deployed by the CDK WorkflowsStack, run locally by aws-local-stepfunctions. */
export const WORKFLOWS: readonly WorkflowDefinition[] = [dispatchWorkflow, videoWorkflow];

export { dispatchWorkflow } from './dispatch.ts';
export { videoWorkflow, VIDEO_BUDGET, VIDEO_ERRORS } from './video.ts';
export { DISPATCH_BUDGET, HTTP_API_LIMIT_S, applyDeadline } from './budget.ts';
export type { WorkflowDefinition, WorkflowTask, WorkflowResource } from './types.ts';
