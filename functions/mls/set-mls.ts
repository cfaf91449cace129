import { MLS_MESSAGES, setMls } from '#shared/catalogue/mls.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { setListingMls } from '../storage/listings.ts';

/** Save MLS (screens 6 and 7). */
export const handler = apiHandler(setMls, async ({ listingId, mls, shown }) => {
  const saved = await setListingMls(listingId, mls, shown);
  if (!saved) throw notFound(MLS_MESSAGES.notFound);
  if (saved === 'changed') throw conflict(MLS_MESSAGES.changedMeanwhile);
  return { listingId, mls };
});
