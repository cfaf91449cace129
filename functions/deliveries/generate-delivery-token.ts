import { DELIVERY_LINK_CHANGED, generateDeliveryToken } from '#shared/catalogue/deliveries.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { getListing, replaceDistributionToken } from '../storage/listings.ts';

/**
 * Part 3 §7 "generate delivery token": a new token replaces the listing's; the old link answers 404
 * from now on. Only the link the screen showed is replaced (409 otherwise); the write itself is
 * conditional on the version read.
 */
export const handler = apiHandler(generateDeliveryToken, async ({ listing_id, replaces }, { log }) => {
  const listing = await getListing(listing_id);
  if (!listing) throw notFound('Listing not found.');
  if (replaces !== undefined && (listing.distribution_token ?? null) !== replaces) throw conflict(DELIVERY_LINK_CHANGED);
  const distributionToken = await replaceDistributionToken(listing);
  log('delivery token replaced', { listing_id, had_token: listing.distribution_token !== null });
  return { status: 200 as const, distribution_token: distributionToken };
});
