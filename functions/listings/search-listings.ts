import { SEARCH_PAGE, SEARCH_PAGE_ALL, searchListings } from '#shared/catalogue/listings.ts';
import { averageMinutes, completedPercent, parseListingSearch } from '#shared/rules/listing-search.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { searchListingIds, searchRowsById } from '../storage/listings.ts';
import { visitTotalsOf } from '../storage/visits.ts';

/**
 * Listing search (part 3 screen 2): the ids and exact total the search index finds (ADR 0300), then
 * the page's rows (only the columns shown) and their visit figures, read together.
 */
export const handler = apiHandler(searchListings, async ({ search, loadAll }) => {
  const parsed = parseListingSearch(search);
  if (!parsed.ok) throw badRequest(parsed.message, { search: [parsed.message] });
  const { ids, count } = await searchListingIds(parsed.search, loadAll ? SEARCH_PAGE_ALL : SEARCH_PAGE);
  const [rows, visits] = await Promise.all([searchRowsById(ids), visitTotalsOf(ids)]);
  return {
    count,
    listings: ids.flatMap((id) => {
      const r = rows.get(id);
      if (!r) return [];
      const v = visits.get(id)!;
      return [{
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
      }];
    }),
  };
});
