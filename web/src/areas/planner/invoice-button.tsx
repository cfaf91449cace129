import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHOOTING_ADMIN_MESSAGES } from '#shared/catalogue/shootings.ts';
import { isApiError } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { openInvoice } from './shooting-dialog-invoice.ts';
import { useInvoiceMutation, useNotarizedInvoiceMutation } from './shooting-dialog-queries.ts';

/**
 * A shooting's invoice as a PDF, from outside the shooting dialog (the listing dialog's invoice
 * buttons, part 3 screen 1). A shooting that is not billable has none: the alert says so (422).
 */
export function InvoiceButton({ shootingId }: { shootingId: number }) {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const invoice = useInvoiceMutation(shootingId, {
    onSuccess: (answer) => void openInvoice(answer.invoice, t, i18n.language),
    onError: (error) => void showAlert({ title: t('shootingDialog.billing'), text: t(isApiError(error, 422) ? 'shootingDialog.invoice_needs_billable' : 'shootingDialog.invoice_error') }),
  });
  return (
    <Button size="compact-xs" variant="subtle" loading={invoice.isPending} aria-label={t('shootingDialog.invoice_of', { id: shootingId })} onClick={() => invoice.mutate()}>
      {t('shootingDialog.open_invoice')}
    </Button>
  );
}

/** The alert's text when a notarized invoice is refused: not billable, or not a sold listing with its notary date (422). */
function notarizedErrorKey(error: unknown): string {
  if (!isApiError(error, 422)) return 'shootingDialog.invoice_error';
  return error.message === SHOOTING_ADMIN_MESSAGES.notNotarizable ? 'shootingDialog.invoice_needs_notary' : 'shootingDialog.invoice_needs_billable';
}

/**
 * The shooting's invoice payable at the notary's closing, as a PDF (the listing dialog's invoice
 * buttons, part 3 screen 1; docs/decisions/0555): the same invoice with the listing's MLS number,
 * sale date and notary date. Only a billable shooting of a sold listing with its notary date has one.
 */
export function NotarizedInvoiceButton({ shootingId }: { shootingId: number }) {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const invoice = useNotarizedInvoiceMutation(shootingId, {
    onSuccess: (answer) => void openInvoice(answer.invoice, t, i18n.language, answer.notary),
    onError: (error) => void showAlert({ title: t('shootingDialog.billing'), text: t(notarizedErrorKey(error)) }),
  });
  return (
    <Button size="compact-xs" variant="subtle" loading={invoice.isPending} aria-label={t('shootingDialog.notarized_invoice_of', { id: shootingId })} onClick={() => invoice.mutate()}>
      {t('shootingDialog.open_notarized_invoice')}
    </Button>
  );
}
