import { S3Client } from '@aws-sdk/client-s3';
import { ENV } from '#shared/data/design.ts';
import { STORAGE_MAX_ATTEMPTS, localCredentials } from './aws.ts';

/**
 * The S3 clients, apart from aws.ts so that only the bundles that call S3 load @aws-sdk/client-s3
 * (one of the largest SDK packages) when their container starts (issue 16 item 8, ADR 0380).
 * Locally they talk to s3rver through the endpoint the local stack sets.
 *
 * Time budget (docs/decisions/0081-storage-outage-answers-503.md, see aws.ts): a connection that does
 * not open within 1 s fails the attempt, and so does a socket idle for 5 s (S3 transfers may be long,
 * but never silent); two attempts at most.
 */
export const S3_TIMEOUTS = { connectionTimeout: 1_000, socketTimeout: 5_000 } as const;

export const s3 = new S3Client({
  ...(process.env[ENV.s3Endpoint] ? { endpoint: process.env[ENV.s3Endpoint], forcePathStyle: true } : {}),
  ...(localCredentials ? { credentials: localCredentials, region: 'us-east-1' } : {}),
  maxAttempts: STORAGE_MAX_ATTEMPTS,
  requestHandler: S3_TIMEOUTS,
});

/**
 * CompleteMultipartUpload (ADR 0400). S3 documents that it "could take several minutes" and stays
 * silent but for whitespace meanwhile, and s3rver copies the whole object before it answers (1 GiB:
 * several seconds of silence): under S3_TIMEOUTS the idle socket fails the attempt at 5 s and the SDK
 * sends the complete again. This client has no idle limit but a total one per request, and one
 * attempt: a complete that outlives it answers 503, and the browser's retry sends it again, which S3
 * (and the local emulator, scripts/local/s3-local.ts) answers with the completed object. The
 * completeMultipartUpload Lambda's timeout (infra/config.ts OPERATION_OVERRIDES, 28 s) leaves room
 * after this limit for the records and the archive check.
 */
export const S3_COMPLETE_TIMEOUTS = { connectionTimeout: 1_000, socketTimeout: 0, requestTimeout: 15_000, throwOnRequestTimeout: true } as const;

export const s3Complete = new S3Client({
  ...(process.env[ENV.s3Endpoint] ? { endpoint: process.env[ENV.s3Endpoint], forcePathStyle: true } : {}),
  ...(localCredentials ? { credentials: localCredentials, region: 'us-east-1' } : {}),
  maxAttempts: 1,
  requestHandler: S3_COMPLETE_TIMEOUTS,
});
