import { SHOOTING_ADMIN_MESSAGES, generateShootingInvoice as operation } from '#shared/catalogue/shootings.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound, unprocessable } from '../plumbing/errors.ts';
import { ensureInvoiceId, getShootingItem } from '../storage/shootings.ts';
import { adminView, invoiceOf } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 generateShootingInvoice: a billable shooting's invoice, numbered once (docs/decisions/0181). */
export const handler = apiHandler(operation, async ({ shooting_id }, ctx) => {
  const found = await getShootingItem(shooting_id);
  if (!found) throw notFound('Shooting not found.');
  if (!found.billable) throw unprocessable(SHOOTING_ADMIN_MESSAGES.notBillable);
  const shooting = await ensureInvoiceId(found);
  const data = await adminView(shooting);
  ctx.log('invoice', { shooting: shooting_id, invoice: shooting.invoice_id });
  return { data, invoice: invoiceOf(data, localDateOf(Date.now())) };
});
