/**
 * The storage design shared by the CDK stacks and the local stack (npm start), so the
 * two cannot drift: one DynamoDB table with overloaded keys and GSIs, two buckets.
 * Keys are composed only in functions/plumbing/keys.ts.
 */
export const TABLE = {
  logicalName: 'Main',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /** Overloaded GSIs; each access pattern using one is listed in docs/data-model.md. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export const BUCKETS = {
  media: { logicalName: 'Media', localName: 'media' },
  injector: { logicalName: 'Injector', localName: 'injector' },
} as const;

/** Remote files are deleted 90 days after their last update (part 2 section 9). */
export const INJECTOR_RETENTION_DAYS = 90;
/** Incomplete multipart uploads are aborted after this many days (bucket lifecycle). */
export const INJECTOR_ABORT_INCOMPLETE_UPLOAD_DAYS = 7;

export const DEFAULT_REGION = 'ca-central-1';

/** Environment variable names the handlers read; the CDK and the local adapter set them. */
export const ENV = {
  tableName: 'TABLE_NAME',
  mediaBucket: 'MEDIA_BUCKET',
  injectorBucket: 'INJECTOR_BUCKET',
  dispatchStateMachineArn: 'DISPATCH_STATE_MACHINE_ARN',
  videoStateMachineArn: 'VIDEO_STATE_MACHINE_ARN',
  placeIndex: 'LOCATION_PLACE_INDEX',
  routeCalculator: 'LOCATION_ROUTE_CALCULATOR',
  /** Set only locally: endpoints of DynamoDB Local and s3rver. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  localMode: 'IMMO_LOCAL',
} as const;
