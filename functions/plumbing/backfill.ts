import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './aws.ts';
import { inPool } from './pool.ts';

type Item = Record<string, unknown>;

/**
 * Gives the items an index was added after a one-time update, once per table: `marker` says it ran.
 * Scans the items `filter` selects (a FilterExpression over `values`), and for each one `update`
 * answers (Key and expressions) sends it. Its ConditionExpression should hold while the attributes
 * the index keys are built from are as scanned: a write that changed them wrote the keys itself, so
 * a failed condition is skipped.
 * Answers the number of items updated. Local tables only: the start runs it (ADRs 0685, 0690).
 */
export async function backfillOnce(marker: { pk: string; sk: string }, filter: { expression: string; values: Item }, update: (item: Item) => Omit<UpdateCommandInput, 'TableName'> | undefined): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: marker, ConsistentRead: true }));
  if (Item) return 0;
  let updated = 0;
  let start: Item | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), FilterExpression: filter.expression, ExpressionAttributeValues: filter.values, ExclusiveStartKey: start }));
    await inPool(page.Items ?? [], 16, async (item) => {
      const input = update(item);
      if (!input) return;
      try {
        await db.send(new UpdateCommand({ ...input, TableName: tableName() }));
        updated++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    });
    start = page.LastEvaluatedKey;
  } while (start);
  await markBackfilled(marker);
  return updated;
}

/** Records that a table needs no backfill under `marker` (a new table's seed writes the index itself). */
export async function markBackfilled(marker: { pk: string; sk: string }): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...marker, upgraded_at: new Date().toISOString() } }));
}
