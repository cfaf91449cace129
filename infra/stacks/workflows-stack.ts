import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnFunction, Code } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType, type IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { OperationFunction, type ResourceBindings } from '../constructs/operation-function.ts';
import { acknowledge } from '../nag.ts';
import { taskBundleId, type WorkflowDef, type WorkflowResource } from '../workflows.ts';

export interface WorkflowsStackProps extends StackProps {
  workflows: readonly WorkflowDef[];
  /** The deployment package of a task Lambda, by bundle id (see taskBundleId). */
  codeFor: (bundleId: string) => Code;
  /** Table, buckets and Amazon Location: what the task Lambdas may be granted. */
  bindings: Omit<ResourceBindings, 'dispatchWorkflow' | 'videoWorkflow'>;
  /** Include execution inputs and outputs (personal data) in the logs; default false. */
  logExecutionData?: boolean;
}

/**
 * Step Functions state machines (dispatch, video jobs), one per WorkflowDef, all logging their
 * errors to one log group (inputs and outputs only when logExecutionData is set, ADR 0103), and one Lambda per Task state, granted exactly its task's resources.
 * A Task's FunctionName placeholder `${XFunctionArn}` is filled by DefinitionSubstitutions.
 */
export class WorkflowsStack extends Stack {
  readonly stateMachines: Partial<Record<WorkflowResource, IStateMachine>> = {};
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    this.logGroup = new LogGroup(this, 'ExecutionLogs', { retention: RetentionDays.THREE_MONTHS });

    for (const def of props.workflows) {
      if (this.stateMachines[def.resource]) throw new Error(`Two workflows are declared for ${def.resource}`);
      const tasks = Object.entries(def.tasks).map(([state, task]) => {
        const fn = new OperationFunction(this, `${pascal(def.resource)}${state}`, {
          code: props.codeFor(taskBundleId(def, state)),
          description: `${def.resource} task ${state} (${task.module})`,
          ...(task.timeoutSeconds ? { timeout: Duration.seconds(task.timeoutSeconds) } : {}),
          ...(task.memoryMb ? { memorySize: task.memoryMb } : {}),
        });
        fn.bindAll(task.resources, props.bindings, { writes: task.writes });
        if (task.ephemeralStorageMb) (fn.function.node.defaultChild as CfnFunction).ephemeralStorage = { size: task.ephemeralStorageMb };
        return { state, fn };
      });
      const machine = new StateMachine(this, pascal(def.resource), {
        definitionBody: DefinitionBody.fromString(JSON.stringify(def.definition)),
        definitionSubstitutions: Object.fromEntries(tasks.map(({ state, fn }) => [`${state}FunctionArn`, fn.function.functionArn])),
        stateMachineType: def.type === 'EXPRESS' ? StateMachineType.EXPRESS : StateMachineType.STANDARD,
        logs: { destination: this.logGroup, level: LogLevel.ERROR, includeExecutionData: props.logExecutionData ?? false },
        tracingEnabled: true,
      });
      acknowledge(
        machine,
        'AwsSolutions-SF1',
        'Logs errors only: ALL events with execution data would keep names, addresses and schedules for 90 days; the workflowLogExecutionData setting turns data on for an investigation (ADR 0103).',
      );
      for (const { fn } of tasks) fn.function.grantInvoke(machine);
      acknowledge(
        machine,
        'AwsSolutions-IAM5[Resource::*]',
        'CDK adds X-Ray (PutTraceSegments) and CloudWatch Logs delivery actions for tracing and logging; these APIs do not support resource-level permissions.',
      );
      this.stateMachines[def.resource] = machine;
    }
  }
}

function pascal(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
