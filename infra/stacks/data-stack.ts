import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { CfnPlaceIndex, CfnRouteCalculator } from 'aws-cdk-lib/aws-location';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { BUCKETS, INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS, INJECTOR_RETENTION_DAYS, TABLE } from '../../shared/data/design.ts';
import type { LocationResources } from '../constructs/operation-function.ts';
import { acknowledge } from '../nag.ts';

export interface DataStackProps extends StackProps {
  /** Origins allowed to PUT/GET objects from the browser with presigned URLs (the siteOrigin setting). */
  siteOrigins: readonly string[];
}

/**
 * The stateful part, from shared/data/design.ts (the local stack reads the same file):
 * one DynamoDB table, the media bucket, the injector bucket, and the server access
 * logs bucket they write to. Everything here is retained when the stack is deleted.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly mediaBucket: Bucket;
  readonly injectorBucket: Bucket;
  readonly accessLogsBucket: Bucket;
  /** Amazon Location place index and route calculator (used by API operations and workflow tasks). */
  readonly location: LocationResources;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new Table(this, TABLE.logicalName, {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      ...privateBucketDefaults,
      // S3 server access logging delivers with the bucket-owner-enforced policy grant.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(365) }],
    });
    acknowledge(
      this.accessLogsBucket,
      'AwsSolutions-S1',
      'This is the server access logs bucket itself; logging it into itself would loop and another bucket would only move the problem.',
    );

    // No origin configured yet (first deploy, before the distribution's domain is known): no CORS
    // rule, so no browser origin may use presigned URLs until siteOrigin is set (ADR 0103).
    const cors = props.siteOrigins.length === 0 ? undefined : [
      {
        allowedOrigins: [...props.siteOrigins],
        allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
        allowedHeaders: ['*'],
        // Multipart uploads read each part's ETag to complete the upload.
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      },
    ];

    this.mediaBucket = new Bucket(this, BUCKETS.media.logicalName, {
      ...privateBucketDefaults,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'media/',
      cors,
    });

    this.injectorBucket = new Bucket(this, BUCKETS.injector.logicalName, {
      ...privateBucketDefaults,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'injector/',
      cors,
      lifecycleRules: [
        {
          id: 'expire-remote-files',
          expiration: Duration.days(INJECTOR_RETENTION_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS),
        },
      ],
    });

    const stackName = Stack.of(this).stackName;
    const placeIndex = new CfnPlaceIndex(this, 'PlaceIndex', {
      indexName: `${stackName}-places`,
      dataSource: 'Esri',
      description: 'Autocomplete and geocoding of addresses (queries restricted to Canada by the handlers)',
      dataSourceConfiguration: { intendedUse: 'SingleUse' },
    });
    const routeCalculator = new CfnRouteCalculator(this, 'RouteCalculator', {
      calculatorName: `${stackName}-routes`,
      dataSource: 'Esri',
      description: 'Driving time and distance matrices for dispatch, availability and km costs',
    });
    this.location = {
      placeIndexName: placeIndex.indexName,
      placeIndexArn: placeIndex.attrIndexArn,
      routeCalculatorName: routeCalculator.calculatorName,
      routeCalculatorArn: routeCalculator.attrCalculatorArn,
    };
  }
}

export const privateBucketDefaults = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  removalPolicy: RemovalPolicy.RETAIN,
} as const;
