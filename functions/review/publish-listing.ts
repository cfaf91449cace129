import { publishListing, REVIEW_MESSAGES } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict } from '../plumbing/errors.ts';
import { publishTour } from '../storage/listings.ts';
import { listingOrThrow } from '../use-cases/review.ts';

/** The virtual tour goes public (§4): the listing moves to vr_ready (state 3); answers status 200. */
export const handler = apiHandler(publishListing, async ({ listing_id }) => {
  const listing = await listingOrThrow(listing_id);
  if (listing.state !== 3) {
    try {
      await publishTour(listing);
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') throw conflict(REVIEW_MESSAGES.changedMeanwhile);
      throw error;
    }
  }
  return { status: 200 as const };
});
