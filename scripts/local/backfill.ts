import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { markBackfilled, type IndexBackfill } from '#functions/plumbing/backfill.ts';
import { inPool } from '#functions/plumbing/pool.ts';
import { shootingListingIndexBackfill } from '#functions/storage/shootings.ts';
import { openTicketIndexBackfill } from '#functions/storage/tickets.ts';

/**
 * Runs a storage module's backfill once per table (its marker says it ran): scans the items its
 * filter selects and has the module index each, 16 at a time; an item whose condition failed was
 * indexed by a write meanwhile and is skipped. Answers the number of items indexed. A maintenance
 * step of the local start (the seed's upgrades), the one place of the product that scans the table.
 */
export async function backfillOnce(backfill: IndexBackfill): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: backfill.marker, ConsistentRead: true }));
  if (Item) return 0;
  let indexed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), FilterExpression: backfill.filter.expression, ExpressionAttributeValues: backfill.filter.values, ExclusiveStartKey: start }));
    await inPool(page.Items ?? [], 16, async (item) => {
      try {
        if (await backfill.indexItem(item)) indexed++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    });
    start = page.LastEvaluatedKey;
  } while (start);
  await markBackfilled(backfill.marker);
  return indexed;
}

/** Shootings written before ADR 0685 get their listing index (gsi6). */
export const upgradeShootingListingIndex = () => backfillOnce(shootingListingIndexBackfill);
/** Open tickets written before ADR 0690 get the open-ticket index (gsi3). */
export const upgradeOpenTicketIndex = () => backfillOnce(openTicketIndexBackfill);
