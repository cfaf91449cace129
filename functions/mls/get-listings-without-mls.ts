import { getListingsWithoutMls } from '#shared/catalogue/mls.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listingView, recentListings } from '../use-cases/provider-reports.ts';

/** Screen 6: our listings of the last six months without an MLS number. */
export const handler = apiHandler(getListingsWithoutMls, async () => ({
  listings: (await recentListings()).filter((l) => !l.mls).map(listingView),
}));
