import { SFNClient, StartSyncExecutionCommand } from '@aws-sdk/client-sfn';
import { ENV } from '#shared/data/design.ts';
import type { WorkflowResource } from '#shared/workflows/types.ts';
import { externalServiceFailed } from './errors.ts';
import { requiredEnv } from './aws.ts';

/**
 * The port to Step Functions: start a workflow and wait for its output. In AWS it calls
 * StartSyncExecution on an EXPRESS state machine; locally the stack registers a runner that
 * executes the same definition with aws-local-stepfunctions (scripts/local/workflows.ts).
 */
export type WorkflowRunner = (workflow: WorkflowResource, input: unknown) => Promise<unknown>;

let localRunner: WorkflowRunner | undefined;

export function useLocalWorkflowRunner(runner: WorkflowRunner | undefined): void {
  localRunner = runner;
}

const ARN_ENV: Record<WorkflowResource, string> = {
  dispatchWorkflow: ENV.dispatchStateMachineArn,
  videoWorkflow: ENV.videoStateMachineArn,
};

let sfn: SFNClient | undefined;

export async function runWorkflow(workflow: WorkflowResource, input: unknown): Promise<unknown> {
  if (localRunner) return localRunner(workflow, input);
  sfn ??= new SFNClient({});
  const result = await sfn.send(new StartSyncExecutionCommand({ stateMachineArn: requiredEnv(ARN_ENV[workflow]), input: JSON.stringify(input) }));
  if (result.status !== 'SUCCEEDED') {
    throw externalServiceFailed(`The ${workflow} workflow ended ${result.status}: ${result.error ?? ''} ${result.cause ?? ''}`.trim());
  }
  return JSON.parse(result.output ?? 'null');
}
