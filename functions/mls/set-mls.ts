import { MLS_MESSAGES, setMls } from '#shared/catalogue/mls.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { setListingMls } from '../storage/listings.ts';

/** Save MLS (screens 6 and 7). */
export const handler = apiHandler(setMls, async ({ listingId, mls }) => {
  if (!(await setListingMls(listingId, mls))) throw notFound(MLS_MESSAGES.notFound);
  return { listingId, mls };
});
