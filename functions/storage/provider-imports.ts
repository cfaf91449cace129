import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { providerImport, type ProviderImport } from '#shared/entities/provider.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';

/** Provider file imports (docs/decisions/0220): one item per file dropped, newest first; kept 90 days. */
const KEEP_DAYS = 90;

export async function recordImport(run: ProviderImport): Promise<void> {
  const ttl = Math.floor(Date.parse(run.started_at) / 1000) + KEEP_DAYS * 86400;
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.providerImport(run.started_at, run.id), ...run, ttl } }));
}

/** The latest imports, newest first. */
export async function latestImports(limit = 20): Promise<ProviderImport[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.providerImports }, ScanIndexForward: false, Limit: limit }),
  );
  return Items.map((i) => providerImport.parse(i));
}
