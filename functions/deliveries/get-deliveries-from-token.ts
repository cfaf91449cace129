import { getDeliveriesFromToken } from '#shared/catalogue/deliveries.ts';
import { ListingState } from '#shared/enums.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { findListingByToken, listingAddressOf } from '../storage/listings.ts';
import { fileSharingSetting } from '../plumbing/media.ts';
import { deliverable, deliveryPicture, getShootings, isFinalDelivery, picturesOfListing } from '../storage/pictures.ts';

/**
 * The public delivery page (no login): the token's listing and its pictures that have a thumbnail,
 * with presigned, cache-busted URLs. Unknown token: 404 (the page shows deliveries.cannot_find).
 */
export const handler = apiHandler(getDeliveriesFromToken, async ({ token }) => {
  const listing = await findListingByToken(token);
  if (!listing) throw notFound('We cannot find this listing');
  const pictures = deliverable(await picturesOfListing(listing.id));
  const shootings = await getShootings(pictures.map((p) => p.shooting_id));
  return {
    listing: {
      ...listingAddressOf(listing),
      broker: listing.broker,
      is_final: isFinalDelivery(shootings),
      tour_published: listing.state === ListingState.vr_ready,
      pictures: await Promise.all(pictures.map((p, position) => deliveryPicture(p, listing, position))),
    },
    file_sharing: fileSharingSetting(),
  };
});
