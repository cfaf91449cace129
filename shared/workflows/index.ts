import { dispatchWorkflow } from './dispatch.ts';
import type { WorkflowDefinition } from './types.ts';

/** Every state machine: deployed by the CDK WorkflowsStack, run locally by aws-local-stepfunctions. */
export const WORKFLOWS: readonly WorkflowDefinition[] = [dispatchWorkflow];

export type { WorkflowDefinition, WorkflowTask, WorkflowResource } from './types.ts';
