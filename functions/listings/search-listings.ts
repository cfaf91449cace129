import { SEARCH_PAGE, SEARCH_PAGE_ALL, searchListings } from '#shared/catalogue/listings.ts';
import { averageMinutes, completedPercent, parseListingSearch } from '#shared/rules/listing-search.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { searchListingRows } from '../storage/listings.ts';
import { visitTotalsOf } from '../storage/visits.ts';

/**
 * Listing search (part 3 screen 2): the exact total and the page's rows, both from the search
 * index's entries (ADRs 0300, 0345), then the visit figures of those of the page that have visits.
 */
export const handler = apiHandler(searchListings, async ({ search, loadAll }) => {
  const parsed = parseListingSearch(search);
  if (!parsed.ok) throw badRequest(parsed.message, { search: [parsed.message] });
  const { rows, count } = await searchListingRows(parsed.search, loadAll ? SEARCH_PAGE_ALL : SEARCH_PAGE);
  const visits = await visitTotalsOf(rows.map((r) => r.id));
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
});
