import { Duration, Stack } from 'aws-cdk-lib';
import type { Code } from 'aws-cdk-lib/aws-lambda';
import { Bucket, EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { PROVIDER_PREFIX } from '../functions/use-cases/provider-import.ts';
import { OperationFunction } from './constructs/operation-function.ts';
import { acknowledge } from './nag.ts';

/**
 * Lambdas started by a bucket event rather than a route or a workflow, bundled like an operation
 * under the id below. Locally scripts/local/stack.ts forwards s3rver's own events to the same handler.
 */
export const PROVIDER_IMPORT_TRIGGER = { id: 'providerImportTrigger', area: 'triggers', module: 'functions/provider/import-provider-file.ts', ffmpeg: false } as const;
/** Stores the request-log lines the API functions print, handed over by their log groups' subscription (ADR 0485). */
export const REQUEST_LOG_INGEST = { id: 'requestLogIngest', area: 'triggers', module: 'functions/logs/ingest-request-logs.ts', ffmpeg: false } as const;
export const triggerEntries = [PROVIDER_IMPORT_TRIGGER, REQUEST_LOG_INGEST];

export interface ProviderImportTriggerProps {
  code: Code;
  table: ITable;
  mediaBucket: IBucket;
}

/**
 * The provider import (docs/decisions/0220, 0290): any object created under `provider-imports/` of
 * the media bucket invokes the import Lambda. Filtered on the prefix only, not on `.jsonl`: the
 * handler answers another name with a refused import record ("a provider file is JSON Lines"),
 * as locally, instead of the drop going unnoticed (S3 suffix filters are also case-sensitive).
 * The notification is set on the bucket as imported by name in this stack: the bucket's own stack
 * (data) would otherwise reference this Lambda while this stack references the bucket (a cycle).
 */
export class ProviderImportTrigger extends Construct {
  readonly fn: OperationFunction;

  constructor(scope: Construct, id: string, props: ProviderImportTriggerProps) {
    super(scope, id);
    this.fn = new OperationFunction(this, 'Import', {
      code: props.code,
      description: `Imports a provider file dropped under ${PROVIDER_PREFIX} of the media bucket (ADR 0220)`,
      // 60,000 listings and 15,000 brokers are validated in memory; writing a generation takes minutes.
      memorySize: 2048,
      timeout: Duration.minutes(15),
    });
    this.fn.bindAll(['table', 'mediaBucket'], { table: props.table, mediaBucket: props.mediaBucket }, { writes: ['table'] });
    const bucket = Bucket.fromBucketName(this, 'MediaBucket', props.mediaBucket.bucketName);
    bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.fn.function), { prefix: PROVIDER_PREFIX });
    // CDK's own custom resource that writes the bucket's notification configuration at deploy time.
    const stack = Stack.of(this);
    for (const handler of stack.node.children.filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
      acknowledge(handler, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', "CDK's bucket-notification deploy handler uses AWSLambdaBasicExecutionRole for its own logs; it runs only during deployments.");
      acknowledge(handler, 'AwsSolutions-IAM5[Resource::*]', 's3:PutBucketNotification is granted by CDK on * for its notification deploy handler; it only sets the notification configured here.');
    }
  }
}
