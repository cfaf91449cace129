import { LISTING_MESSAGES, recordVisit as recordVisitOp, VISIT_LIMIT } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { limitByAddress } from '../plumbing/address-limit.ts';
import { notFound } from '../plumbing/errors.ts';
import { getListing } from '../storage/listings.ts';
import { recordVisit } from '../storage/visits.ts';

/**
 * Records an anonymous visit report of a public listing page (delivery page, virtual-tour viewer):
 * limited per caller address (hashed), then counted once per session's growth (docs/decisions/0201).
 */
export const handler = apiHandler(recordVisitOp, async ({ listing_id, visitor, session, photos, views, seconds }, { event }) => {
  await limitByAddress({ scope: 'VISITIP', ...VISIT_LIMIT }, event, 'visit reports');
  if (!(await getListing(listing_id))) throw notFound(LISTING_MESSAGES.notFound);
  return { recorded: await recordVisit({ listingId: listing_id, visitor, session, photos, views, seconds }) };
});
