import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { openInvoice } from './shooting-dialog-invoice.ts';
import { useInvoiceMutation } from './shooting-dialog-queries.ts';

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
