import { getListingPictures } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listingAddressOf } from '../storage/listings.ts';
import { picturesOfListing } from '../storage/pictures.ts';
import { listingOrThrow, reviewPicture, reviewShootings, shootingsOfListing } from '../use-cases/review.ts';
import { lastShooting } from '../use-cases/review-tabs.ts';

/** The review screen's data (part 3 screen 5, §7 'listing pictures with comments'). */
export const handler = apiHandler(getListingPictures, async ({ listing_id }) => {
  const listing = await listingOrThrow(listing_id);
  const [pictures, shootings] = await Promise.all([picturesOfListing(listing_id), shootingsOfListing(listing_id)]);
  return {
    listing: {
      ...listingAddressOf(listing),
      state: listing.state,
      tour_public: listing.state === 3,
      broker: { id: listing.broker_id, ...listing.broker },
    },
    shootings: await reviewShootings(shootings),
    last_shooting_id: lastShooting(shootings)?.id ?? null,
    pictures: await Promise.all(pictures.map((p, i) => reviewPicture(p, i))),
  };
});
