import { generateDeliveryToken } from '#shared/catalogue/deliveries.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getListing, replaceDistributionToken } from '../storage/listings.ts';

/** Part 3 §7 "generate delivery token": a new token replaces the listing's; the old link answers 404 from now on. */
export const handler = apiHandler(generateDeliveryToken, async ({ listing_id }, { log }) => {
  const listing = await getListing(listing_id);
  if (!listing) throw notFound('Listing not found.');
  const distributionToken = await replaceDistributionToken(listing);
  log('delivery token replaced', { listing_id, had_token: listing.distribution_token !== null });
  return { status: 200 as const, distribution_token: distributionToken };
});
