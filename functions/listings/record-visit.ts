import { LISTING_MESSAGES, recordVisit as recordVisitOp, VISIT_LIMIT } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { limitByAddress } from '../plumbing/address-limit.ts';
import { notFound } from '../plumbing/errors.ts';
import { getListing, type StoredListing } from '../storage/listings.ts';
import { ListingState } from '#shared/enums.ts';
import { recordVisit } from '../storage/visits.ts';

/**
 * Records an anonymous visit report of a public listing page (delivery page, virtual-tour viewer):
 * limited per caller address (hashed), then counted once per session's growth (docs/decisions/0201).
 * A listing with neither page (no delivery link, tour not published) has no visitors to count: 404,
 * as for an unknown one, so nobody inflates its figures from outside.
 */
export const handler = apiHandler(recordVisitOp, async ({ listing_id, visitor, session, photos, views, seconds }, { event }) => {
  await limitByAddress({ scope: 'VISITIP', ...VISIT_LIMIT }, event, 'visit reports');
  if (!hasPublicPage(await getListing(listing_id))) throw notFound(LISTING_MESSAGES.notFound);
  return { recorded: await recordVisit({ listingId: listing_id, visitor, session, photos, views, seconds }) };
});

function hasPublicPage(listing: StoredListing | undefined): boolean {
  return listing !== undefined && (listing.state === ListingState.vr_ready || listing.distribution_token !== null);
}
