import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './aws.ts';

/**
 * A one-time fill of an index added after items were written (ADRs 0685, 0690): the entity's
 * storage module says which items lack it (`filter`, a FilterExpression over `values`) and gives one
 * item its keys (`indexItem`, a conditional write that holds while the attributes the keys are built
 * from are as scanned, and throws ConditionalCheckFailedException otherwise: a write meanwhile set
 * the keys itself). The scan that runs it is a maintenance step of the local start
 * (scripts/local/backfill.ts), never request code; `marker` records that it ran.
 */
export interface IndexBackfill {
  marker: { pk: string; sk: string };
  filter: { expression: string; values: Record<string, unknown> };
  /** Writes the item's index keys; false when the item is not one to index (it does not parse). */
  indexItem: (item: Record<string, unknown>) => Promise<boolean>;
}

/** Records that a table needs no backfill under `marker` (a new table's seed writes the index itself). */
export async function markBackfilled(marker: { pk: string; sk: string }): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...marker, upgraded_at: new Date().toISOString() } }));
}
