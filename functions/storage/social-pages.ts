import { tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { cancellationCodes, transact, type TransactItem } from '../plumbing/transact.ts';

/**
 * Social page links (part 3 §7 "link page to broker"; ADR 0241): one guard item per linked page
 * (page id → broker), the only writer of those items. The broker's own item carries the page
 * (users.ts setBrokerPagePiece), written in the same transaction.
 */
export interface PageLink {
  page_id: string;
  page_name: string;
  broker_id: number;
  linked_at: string;
  linked_by: number;
}

/** The ids among `pageIds` that are linked to a broker. */
export async function linkedPageIds(pageIds: readonly string[]): Promise<Set<string>> {
  const items = await batchGet(pageIds.map((id) => keys.socialPageLink(id)));
  return new Set(items.map((item) => String(item.page_id)));
}

/** The page is linked to a broker already. */
export class PageTaken extends Error {}
/** The broker (or their previous page's link) changed while linking: try again. */
export class LinkChangedMeanwhile extends Error {}

/**
 * Links a page to a broker in one transaction: the page's guard (refused when the page is linked
 * already: PageTaken), the broker's own piece, and the release of the broker's previous page.
 */
export async function linkPage(link: PageLink, brokerPiece: TransactItem, previousPageId: string | null): Promise<void> {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: { ...keys.socialPageLink(link.page_id), ...link }, ConditionExpression: 'attribute_not_exists(pk)' } },
    brokerPiece,
  ];
  if (previousPageId && previousPageId !== link.page_id) {
    items.push({
      Delete: {
        TableName: tableName(),
        Key: keys.socialPageLink(previousPageId),
        ConditionExpression: 'attribute_not_exists(pk) OR broker_id = :b',
        ExpressionAttributeValues: { ':b': link.broker_id },
      },
    });
  }
  try {
    await transact(items);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') throw new PageTaken();
    if (codes?.includes('ConditionalCheckFailed')) throw new LinkChangedMeanwhile();
    throw error;
  }
}
