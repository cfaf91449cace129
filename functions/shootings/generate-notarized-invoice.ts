import { SHOOTING_ADMIN_MESSAGES, generateNotarizedInvoice as operation } from '#shared/catalogue/shootings.ts';
import { isCalendarDate, localDateOf } from '#shared/rules/business-time.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound, unprocessable } from '../plumbing/errors.ts';
import { getListing } from '../storage/listings.ts';
import { ensureInvoiceId, getShootingItem } from '../storage/shootings.ts';
import { adminView, invoiceOf } from '../use-cases/shooting-admin.ts';

/**
 * Part 3 §7 'notarized invoice': the shooting's invoice (same number, lines and total) payable at
 * the notary's closing, for a billable shooting of a sold listing with its notary date (docs/decisions/0555).
 */
export const handler = apiHandler(operation, async ({ shooting_id }, ctx) => {
  const found = await getShootingItem(shooting_id);
  if (!found) throw notFound('Shooting not found.');
  if (!found.billable) throw unprocessable(SHOOTING_ADMIN_MESSAGES.notBillable);
  const listing = await getListing(found.listing_id);
  if (!listing?.sold || !listing.date_notarized || !isCalendarDate(listing.date_notarized)) throw unprocessable(SHOOTING_ADMIN_MESSAGES.notNotarizable);
  const shooting = await ensureInvoiceId(found);
  const data = await adminView(shooting);
  ctx.log('notarized invoice', { shooting: shooting_id, invoice: shooting.invoice_id, listing: listing.id });
  return {
    data,
    invoice: invoiceOf(data, localDateOf(Date.now())),
    notary: { mls: listing.mls, date_sold: listing.date_sold, date_notarized: listing.date_notarized },
  };
});
