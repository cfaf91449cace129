import { LISTING_MESSAGES, updateListing } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { getListing, updateListingFields } from '../storage/listings.ts';
import { listingDetailOf } from '../use-cases/listing-detail.ts';

/** Saves the listing dialog (part 3 screen 1, §5) on the version the dialog read: 409 when it changed meanwhile. */
export const handler = apiHandler(updateListing, async ({ id, version, ...fields }, { log }) => {
  const listing = await getListing(id);
  if (!listing) throw notFound(LISTING_MESSAGES.notFound);
  if (listing.version !== version) throw conflict(LISTING_MESSAGES.changedMeanwhile);
  try {
    const saved = await updateListingFields(listing, fields);
    log('listing saved', { id, version: saved.version });
    return { listing: await listingDetailOf(saved) };
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw conflict(LISTING_MESSAGES.changedMeanwhile);
    throw error;
  }
});
