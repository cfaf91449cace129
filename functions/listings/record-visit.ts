import { createHash } from 'node:crypto';
import { LISTING_MESSAGES, recordVisit as recordVisitOp, VISIT_LIMIT } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound, tooManyRequests } from '../plumbing/errors.ts';
import { secondsLeft, take, type RateRule } from '../plumbing/rate-limit.ts';
import { getListing } from '../storage/listings.ts';
import { recordVisit } from '../storage/visits.ts';

const RULE: RateRule = { scope: 'VISITIP', ...VISIT_LIMIT };

/**
 * Records an anonymous visit report of a public listing page (delivery page, virtual-tour viewer):
 * limited per caller address (hashed), then counted once per session's growth (docs/decisions/0201).
 */
export const handler = apiHandler(recordVisitOp, async ({ listing_id, visitor, session, photos, views, seconds }, { ip }) => {
  const subject = createHash('sha256').update(ip).digest('base64url');
  if (!(await take(RULE, subject))) throw tooManyRequests(`Too many visit reports from this address. Try again in ${secondsLeft(RULE)} seconds.`);
  if (!(await getListing(listing_id))) throw notFound(LISTING_MESSAGES.notFound);
  return { recorded: await recordVisit({ listingId: listing_id, visitor, session, photos, views, seconds }) };
});
