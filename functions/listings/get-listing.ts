import { getListing as getListingOp, LISTING_MESSAGES } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getListing, mendSearchIndex } from '../storage/listings.ts';
import { listingDetailOf } from '../use-cases/listing-detail.ts';

/**
 * One listing for the admin dialog (part 3 screen 1). Its search entries and map item are mended
 * first when a write's indexing failed (a failure here is logged; the listing is answered).
 */
export const handler = apiHandler(getListingOp, async ({ id }, { log }) => {
  const listing = await getListing(id);
  if (!listing) throw notFound(LISTING_MESSAGES.notFound);
  const [detail] = await Promise.all([
    listingDetailOf(listing),
    mendSearchIndex(id).then(
      (mended) => mended && log('search index mended', { id }),
      (error: unknown) => log('search index not mended', String(error)),
    ),
  ]);
  return { listing: detail };
});
