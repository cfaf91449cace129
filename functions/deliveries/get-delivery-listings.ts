import { getDeliveryListings } from '#shared/catalogue/deliveries.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { deliveryListingsPage, type Page, type StoredListing } from '../storage/listings.ts';
import { decodeCursor, encodeCursor } from '../plumbing/query.ts';

/** /deliveries for non-technicians: a broker's own listings, every listing for staff; one page, newest update first. */
export const handler = apiHandler(getDeliveryListings, async ({ limit, cursor }, { user }) => {
  const own = user.role === Role.broker;
  const read = (n: number, start?: Record<string, unknown>): Promise<Page<StoredListing>> => deliveryListingsPage(own ? user.id : undefined, n, start);
  const scope = { user: user.id, query: `${getDeliveryListings.id}:${own ? 'own' : 'all'}` };
  const rows: StoredListing[] = [];
  let next = await decodeCursor(cursor, scope);
  // A Query page stops at 1 MB; keep reading until the page size is reached or the list ends.
  do {
    const page = await read(limit - rows.length, next);
    rows.push(...page.items);
    next = page.next;
  } while (next && rows.length < limit);
  return {
    data: rows.map(({ id, address, app, city, state, broker_id, broker, distribution_token, updated_at }) => ({
      id,
      address,
      app,
      city,
      state,
      broker_id,
      broker,
      distribution_token,
      updated_at,
    })),
    ...(next ? { next: await encodeCursor(next, scope) } : {}),
  };
});
