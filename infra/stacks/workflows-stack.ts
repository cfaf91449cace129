import { Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType, type IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';
import type { WorkflowDef, WorkflowResource } from '../workflows.ts';

export interface WorkflowsStackProps extends StackProps {
  workflows: readonly WorkflowDef[];
  table: ITable;
  mediaBucket: IBucket;
  injectorBucket: IBucket;
}

/**
 * Step Functions state machines (dispatch, video jobs), one per WorkflowDef, all
 * logging every event to one log group. Their definitions live outside infra so the
 * local runner executes the same Amazon States Language.
 */
export class WorkflowsStack extends Stack {
  readonly stateMachines: Partial<Record<WorkflowResource, IStateMachine>> = {};
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    // Present even with no workflow yet, so the stack is never an empty template.
    this.logGroup = new LogGroup(this, 'ExecutionLogs', { retention: RetentionDays.THREE_MONTHS });

    for (const def of props.workflows) {
      if (this.stateMachines[def.resource]) throw new Error(`Two workflows are declared for ${def.resource}`);
      const machine = new StateMachine(this, pascal(def.resource), {
        definitionBody: DefinitionBody.fromString(JSON.stringify(def.definition)),
        definitionSubstitutions: {
          TableName: props.table.tableName,
          MediaBucket: props.mediaBucket.bucketName,
          InjectorBucket: props.injectorBucket.bucketName,
        },
        stateMachineType: def.type === 'EXPRESS' ? StateMachineType.EXPRESS : StateMachineType.STANDARD,
        logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: true },
        tracingEnabled: true,
      });
      for (const resource of new Set(def.resources ?? [])) {
        if (resource === 'table') props.table.grantReadWriteData(machine);
        else if (resource === 'mediaBucket') props.mediaBucket.grantReadWrite(machine);
        else props.injectorBucket.grantReadWrite(machine);
      }
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
