import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface MonitoringStackProps extends StackProps {
  /** Where the topic sends e-mail (the alarmEmail setting); none: no subscription. */
  alarmEmail: string | undefined;
  /** Names of the stacks whose Lambdas are watched (CloudFormation names their functions <stack>-...). */
  functionNamePrefixes: readonly string[];
  httpApi: IHttpApi;
  table: ITable;
  stateMachines: readonly IStateMachine[];
  /** The request log ingest's failed deliveries (ADR 0485). */
  requestLogFailures: IQueue;
}

/** Share of 5xx answers (percent) over 5 minutes that raises the API alarm. */
export const API_5XX_PERCENT = 5;
/** Fewer requests than this in 5 minutes never raise the 5xx alarm (one error of two is not an outage). */
export const API_5XX_MIN_REQUESTS = 20;

const PERIOD = Duration.minutes(5);

/**
 * CloudWatch alarms to one SNS topic (ADR 0103): the API's 5xx rate, Lambda errors and throttles
 * of every function of the app (one Metrics Insights query each, so the count of alarms does not
 * grow with the catalogue), DynamoDB throttling, failed or timed-out workflow executions, and
 * request-log deliveries waiting in the ingest's failure queue.
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Immo media alarms', enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names, metric values and thresholds only, no personal data; a KMS key would add cost and a key policy for CloudWatch.',
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    this.alarm('Api5xxRate', `More than ${API_5XX_PERCENT} % of API requests answered 5xx over 5 minutes (at least ${API_5XX_MIN_REQUESTS} requests)`, API_5XX_PERCENT,
      new MathExpression({
        expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
        label: 'API 5xx %',
      }),
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );

    const ofTheApp = props.functionNamePrefixes.map((p) => `FunctionName LIKE '${p}-%'`).join(' OR ');
    for (const metric of ['Errors', 'Throttles'] as const) {
      this.alarm(`Lambda${metric}`, `A Lambda function of the app had ${metric.toLowerCase()} in the last 5 minutes`, 1,
        new MathExpression({
          expression: `SELECT SUM(${metric}) FROM SCHEMA("AWS/Lambda", FunctionName) WHERE ${ofTheApp}`,
          usingMetrics: {},
          period: PERIOD,
          label: `Lambda ${metric.toLowerCase()}`,
        }),
      );
    }

    this.alarm('DynamoDbThrottles', 'DynamoDB throttled reads or writes on the table in the last 5 minutes', 1,
      new MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: props.table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
          writes: props.table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
        label: 'DynamoDB throttle events',
      }),
    );

    this.alarm('RequestLogIngestFailures', "Request-log deliveries failed after the ingest's retries and wait in its failure queue (README: when the request log's ingest fails)", 1,
      props.requestLogFailures.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
    );

    props.stateMachines.forEach((machine, i) => {
      this.alarm(`WorkflowFailures${i + 1}`, `Workflow executions failed, timed out or were aborted in the last 5 minutes`, 1,
        new MathExpression({
          expression: 'failed + timedOut + aborted',
          usingMetrics: {
            failed: machine.metricFailed({ period: PERIOD, statistic: 'Sum' }),
            timedOut: machine.metricTimedOut({ period: PERIOD, statistic: 'Sum' }),
            aborted: machine.metricAborted({ period: PERIOD, statistic: 'Sum' }),
          },
          period: PERIOD,
          label: 'Workflow executions not succeeded',
        }),
      );
    });
  }

  private alarm(id: string, description: string, threshold: number, metric: IMetric, comparison = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD): void {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: comparison,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
