import { getPictureTypes } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { brokerPictureTypes, listingOrThrow, pictureTypeNames } from '../use-cases/review.ts';

/**
 * The picture-type choices of the listing broker's subscription (§9; ADR 0276): what the review
 * screen's 'type' menu sends; with the names of every picture-type offer, for the grid's badges (ADR 0305).
 */
export const handler = apiHandler(getPictureTypes, async ({ listing_id }) => {
  const [{ set, choices }, names] = await Promise.all([listingOrThrow(listing_id).then(brokerPictureTypes), pictureTypeNames()]);
  return { set, choices: { ...choices }, names };
});
