import { SFNClient, StartExecutionCommand, StartSyncExecutionCommand } from '@aws-sdk/client-sfn';
import { ENV } from '#shared/data/design.ts';
import type { WorkflowResource } from '#shared/workflows/types.ts';
import { solverFailed, type HttpError } from './errors.ts';
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

export interface RunOptions {
  /** How long the caller waits: the workflow's own TimeoutSeconds in AWS, a timer locally. */
  timeoutS: number;
  /** The error the caller gets when the workflow did not finish in time (default: a 503). */
  outOfTime?: () => HttpError;
}

let sfn: SFNClient | undefined;

/**
 * Starts a workflow without waiting for it (a STANDARD state machine's long job, e.g. a video) and
 * answers the execution's id. Locally the run goes on in the background of this process; the
 * workflow records its own failure (its failure state), so nothing is lost by not waiting.
 */
export async function startWorkflow(workflow: WorkflowResource, input: unknown, name: string): Promise<string> {
  if (localRunner) {
    localRunner(workflow, input).catch(() => undefined);
    return `local:${workflow}:${name}`;
  }
  sfn ??= new SFNClient({});
  const result = await sfn.send(new StartExecutionCommand({ stateMachineArn: requiredEnv(ARN_ENV[workflow]), input: JSON.stringify(input), name }));
  return result.executionArn ?? name;
}

export async function runWorkflow(workflow: WorkflowResource, input: unknown, options?: RunOptions): Promise<unknown> {
  const outOfTime = () => options?.outOfTime?.() ?? solverFailed(`The ${workflow} workflow did not finish within ${options?.timeoutS} s.`);
  if (localRunner) {
    const run = localRunner(workflow, input).catch((error: unknown) => {
      // A step that refused to start late (its error, the execution's cause, named *OutOfTime): as in AWS below.
      if (options && (error as { cause?: { name?: unknown } } | null)?.cause?.name?.toString().endsWith('OutOfTime')) throw outOfTime();
      throw solverFailed(`The ${workflow} workflow failed: ${(error as Error | null)?.message ?? String(error)}`);
    });
    if (!options) return run;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(outOfTime()), options.timeoutS * 1000);
    });
    // The local run goes on in the background; its apply step refuses to start after applyBy.
    run.catch(() => undefined);
    return Promise.race([run, late]).finally(() => clearTimeout(timer));
  }
  sfn ??= new SFNClient({});
  const result = await sfn.send(new StartSyncExecutionCommand({ stateMachineArn: requiredEnv(ARN_ENV[workflow]), input: JSON.stringify(input) }));
  // TIMED_OUT: the workflow's own limit; a task error named *OutOfTime: a step refused to start late.
  if (result.status === 'TIMED_OUT' || (options && result.error?.endsWith('OutOfTime'))) throw outOfTime();
  if (result.status !== 'SUCCEEDED') {
    throw solverFailed(`The ${workflow} workflow ended ${result.status}: ${result.error ?? ''} ${result.cause ?? ''}`.trim());
  }
  return JSON.parse(result.output ?? 'null');
}
