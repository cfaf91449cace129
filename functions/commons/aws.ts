import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { ENV } from '#shared/data/design.ts';

/**
 * Shared AWS SDK clients, created once per container. Locally the same code talks to
 * DynamoDB Local and s3rver through the endpoints the local stack sets.
 */
const localCredentials = process.env[ENV.localMode]
  ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  : undefined;

const dynamo = new DynamoDBClient({
  ...(process.env[ENV.dynamoEndpoint] ? { endpoint: process.env[ENV.dynamoEndpoint] } : {}),
  ...(localCredentials ? { credentials: localCredentials, region: 'local' } : {}),
  maxAttempts: 3,
});

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

export const s3 = new S3Client({
  ...(process.env[ENV.s3Endpoint] ? { endpoint: process.env[ENV.s3Endpoint], forcePathStyle: true } : {}),
  ...(localCredentials ? { credentials: localCredentials, region: 'us-east-1' } : {}),
});

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

export const tableName = (): string => requiredEnv(ENV.tableName);
