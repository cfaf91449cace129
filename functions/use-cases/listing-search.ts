import { SEARCH_PAGE, SEARCH_PAGE_ALL, type searchListings } from '#shared/catalogue/listings.ts';
import type { OutputOf } from '#shared/catalogue/index.ts';
import { averageMinutes, completedPercent, type ListingSearch } from '#shared/rules/listing-search.ts';
import { searchListingRows } from '../storage/listings.ts';
import { visitedSetKeysOf, visitTotalsOf } from '../storage/visits.ts';

/**
 * Listing search (part 3 screen 2): the exact total and the page's rows, both from the search
 * index's entries (ADRs 0300, 0345; blocks cached in the process, ADR 0365), then the visit
 * figures of those of the page that have visits. The visited sets of the page are read with the
 * index clock (one BatchGet for a warm search); the totals of the visited ones after.
 */
export async function searchListingPage(search: ListingSearch, loadAll: boolean): Promise<OutputOf<typeof searchListings>> {
  const { rows, count, read } = await searchListingRows(search, loadAll ? SEARCH_PAGE_ALL : SEARCH_PAGE, (page) => visitedSetKeysOf(page.map((r) => r.id)));
  const visits = await visitTotalsOf(rows.map((r) => r.id), read);
  return {
    count,
    listings: rows.map((r) => {
      const v = visits.get(r.id)!;
      return {
        id: r.id,
        address: r.address,
        app: r.app,
        city: r.city,
        postalcode: r.postalcode,
        mls: r.mls,
        broker: { id: r.broker_id, firstname: r.broker.firstname, lastname: r.broker.lastname },
        shootingdate: r.shootingdate,
        visitor: v.visitor,
        session: v.session,
        completed: completedPercent(v.views, v.session ? v.photos / v.session : 0, v.session),
        average_minutes: averageMinutes(v.seconds, v.session),
      };
    }),
  };
}
