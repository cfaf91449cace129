import { getListing as getListingOp } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { LISTING_MESSAGES } from '#shared/catalogue/listings.ts';
import { getListing } from '../storage/listings.ts';
import { listingDetailOf } from '../use-cases/listing-detail.ts';

/** One listing for the admin dialog (part 3 screen 1). */
export const handler = apiHandler(getListingOp, async ({ id }) => {
  const listing = await getListing(id);
  if (!listing) throw notFound(LISTING_MESSAGES.notFound);
  return { listing: await listingDetailOf(listing) };
});
