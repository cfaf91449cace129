import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '#shared/data/design.ts';

/** Creates the table locally from the same design the CDK DataStack uses. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existing'> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const keyNames = new Set<string>([TABLE.partitionKey, TABLE.sortKey, ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  const indexes: GlobalSecondaryIndex[] = TABLE.indexes.map((index) => ({
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  }));
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table made before an index was designed gets it now, one index per update (as in AWS).
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of indexes.filter((i) => !present.has(i.IndexName))) {
      const names = index.KeySchema!.map((k) => k.AttributeName!);
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: names.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
    }
    client.destroy();
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...keyNames].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes,
    }),
  );
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }));
  client.destroy();
  return 'created';
}
