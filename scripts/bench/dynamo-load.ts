import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { summarize, type Summary } from './stats.ts';

/** The baseline: raw GetItem calls against DynamoDB Local with the same concurrency, same run. */
export async function rawGetItemLoad(opts: { endpoint: string; tableName: string; key: Record<string, string>; concurrency: number; seconds: number }): Promise<Summary> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: opts.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const latencies: number[] = [];
  const deadline = Date.now() + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (Date.now() < deadline) {
        const start = performance.now();
        await client.send(new GetCommand({ TableName: opts.tableName, Key: opts.key }));
        latencies.push(performance.now() - start);
      }
    }),
  );
  client.destroy();
  return summarize(latencies, opts.seconds);
}
