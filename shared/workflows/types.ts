import type { Resource } from '../catalogue/operation.ts';

export type WorkflowResource = Extract<Resource, 'dispatchWorkflow' | 'videoWorkflow'>;

/** A Task state backed by a Lambda: its handler module and what it may touch. */
export interface WorkflowTask {
  /** functions/workflows/<name>.ts exporting `handler(input) → output`. */
  module: string;
  resources: readonly Resource[];
  /** The data resources among `resources` the task changes (default all); the others are read-only. */
  writes?: readonly Resource[];
  /** Lambda timeout (default: the project's function default). */
  timeoutSeconds?: number;
  /** Lambda memory; CPU grows with it (1769 MB = one full vCPU). */
  memoryMb?: number;
  /** Lambda ephemeral storage (/tmp), 512 MB to 10 240 MB (default 512). */
  ephemeralStorageMb?: number;
  /** The task runs ffmpeg/ffprobe: the CDK deploys it as a container image holding them (ADR 0242). */
  ffmpeg?: boolean;
}

/**
 * One state machine, defined once in Amazon States Language and run as is by Step Functions
 * (CDK WorkflowsStack) and by aws-local-stepfunctions (npm start, tests). A Task state named
 * `X` invokes the Lambda of `tasks.X`; its FunctionName is the placeholder `${XFunctionArn}`,
 * which the CDK fills through DefinitionSubstitutions.
 */
export interface WorkflowDefinition {
  resource: WorkflowResource;
  /** EXPRESS answers StartSyncExecution (the API waits for the result); STANDARD runs long jobs. */
  type: 'EXPRESS' | 'STANDARD';
  definition: { Comment?: string; StartAt: string; States: Record<string, Record<string, unknown>>; TimeoutSeconds?: number };
  tasks: Readonly<Record<string, WorkflowTask>>;
}

/**
 * The Task state shape for a Lambda invocation; the result is the function's payload. The payload
 * is the state's input unless `payload` gives another path or intrinsic function.
 */
export function lambdaTask(stateName: string, next: { Next: string } | { End: true }, payload = '$'): Record<string, unknown> {
  return {
    Type: 'Task',
    Resource: 'arn:aws:states:::lambda:invoke',
    Parameters: { FunctionName: `\${${stateName}FunctionArn}`, 'Payload.$': payload },
    OutputPath: '$.Payload',
    Retry: [
      {
        ErrorEquals: ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException'],
        IntervalSeconds: 1,
        MaxAttempts: 3,
        BackoffRate: 2,
      },
    ],
    ...next,
  };
}
