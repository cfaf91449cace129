import { getPictureTypes } from '#shared/catalogue/review.ts';
import { pictureTypeChoices, pictureTypeSet } from '#shared/entities/picture-type.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { getUser } from '../storage/users.ts';
import { listingOrThrow } from '../use-cases/review.ts';

/** The picture-type choices of the listing broker's subscription (§9; ADR 0276): what the review screen's 'type' menu sends. */
export const handler = apiHandler(getPictureTypes, async ({ listing_id }) => {
  const listing = await listingOrThrow(listing_id);
  const subscription = (await getUser(listing.broker_id))?.subscription_id;
  return { set: pictureTypeSet(subscription), choices: { ...pictureTypeChoices(subscription) } };
});
