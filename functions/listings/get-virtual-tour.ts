import { getVirtualTour, LISTING_MESSAGES, TOUR_LIMIT } from '#shared/catalogue/listings.ts';
import { ListingState } from '#shared/enums.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { limitByAddress } from '../plumbing/address-limit.ts';
import { notFound } from '../plumbing/errors.ts';
import { getListing, listingAddressOf } from '../storage/listings.ts';
import { deliverable, deliveryPicture, picturesOfListing } from '../storage/pictures.ts';

/**
 * The public virtual-tour viewer (docs/decisions/0255): a published tour (vr_ready) shows its public
 * pictures that have a thumbnail, in the display order set in review; when staff put some in the
 * slideshow, only those. An unknown or unpublished listing answers the same 404.
 */
export const handler = apiHandler(getVirtualTour, async ({ listing_id, unbranded }, { event }) => {
  await limitByAddress({ scope: 'TOURIP', ...TOUR_LIMIT }, event, 'virtual-tour views');
  const listing = await getListing(listing_id);
  if (!listing || listing.state !== ListingState.vr_ready) throw notFound(LISTING_MESSAGES.tourNotPublic);
  const shown = deliverable(await picturesOfListing(listing.id)).filter((p) => p.public);
  const slideshow = shown.filter((p) => p.included_in_video);
  const pictures = await Promise.all((slideshow.length ? slideshow : shown).map((p, position) => deliveryPicture(p, listing, position)));
  return {
    listing: {
      ...listingAddressOf(listing),
      broker: unbranded ? null : listing.broker,
      pictures: pictures.map(({ id, distrib_url, thumbnail_url }) => ({ id, url: distrib_url, thumbnail_url })),
    },
  };
});
