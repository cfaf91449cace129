import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from '#shared/data/design.ts';

/**
 * Shared AWS SDK clients, created once per container. Locally the same code talks to
 * DynamoDB Local and s3rver through the endpoints the local stack sets. The S3 clients live in
 * s3.ts, so that a bundle that never calls S3 does not load @aws-sdk/client-s3 (ADR 0380).
 */
export const localCredentials = process.env[ENV.localMode]
  ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  : undefined;

/**
 * One time budget for every storage call (docs/decisions/0081-storage-outage-answers-503.md):
 * a connection that does not open within 1 s fails the attempt, and so does a DynamoDB answer
 * that takes over 5 s or an S3 socket idle for 5 s (S3_TIMEOUTS in s3.ts: S3 transfers may be
 * long, but never silent); two attempts at most. A stopped or hung DynamoDB or S3 thus fails a call within about 11 s,
 * inside the 15 s Lambda timeout, and the handler answers 503 (errors.ts isServiceUnavailable).
 */
export const DYNAMO_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 5_000, throwOnRequestTimeout: true } as const;
export const STORAGE_MAX_ATTEMPTS = 2;

const dynamo = new DynamoDBClient({
  ...(process.env[ENV.dynamoEndpoint] ? { endpoint: process.env[ENV.dynamoEndpoint] } : {}),
  ...(localCredentials ? { credentials: localCredentials, region: 'local' } : {}),
  maxAttempts: STORAGE_MAX_ATTEMPTS,
  requestHandler: DYNAMO_TIMEOUTS,
});

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

/** The credentials the DynamoDB client signs with (the function's role; locally the emulators' keys), for presign.ts. */
export const awsCredentials = (): Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }> => dynamo.config.credentials();

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

export const tableName = (): string => requiredEnv(ENV.tableName);
