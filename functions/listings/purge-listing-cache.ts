import { LISTING_MESSAGES, purgeListingCache } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { mediaKeys } from '../plumbing/media.ts';
import { deleteMediaPrefix } from '../plumbing/media-prefix.ts';
import { bumpSearchClock, getListing } from '../storage/listings.ts';

/**
 * Part 3 §7 "purge listing cache" (ADR 0550): the listing's cached ZIPs are deleted (the next
 * download builds them from the current pictures) and the search index clock moves, so every
 * container's cached search blocks are read again. Originals, thumbnails, renditions and videos stay.
 */
export const handler = apiHandler(purgeListingCache, async ({ id }, { log }) => {
  const listing = await getListing(id);
  if (!listing) throw notFound(LISTING_MESSAGES.notFound);
  const deleted = await deleteMediaPrefix(mediaKeys.zipsOfListing(id));
  await bumpSearchClock();
  log('listing cache purged', { id, deleted });
  return { status: 200 as const, deleted };
});
