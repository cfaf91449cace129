import { searchListings } from '#shared/catalogue/listings.ts';
import { parseListingSearch } from '#shared/rules/listing-search.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { searchListingPage } from '../use-cases/listing-search.ts';

/** Listing search (part 3 screen 2): functions/use-cases/listing-search.ts. */
export const handler = apiHandler(searchListings, async ({ search, loadAll }) => {
  const parsed = parseListingSearch(search);
  if (!parsed.ok) throw badRequest(parsed.message, { search: [parsed.message] });
  return searchListingPage(parsed.search, loadAll);
});
