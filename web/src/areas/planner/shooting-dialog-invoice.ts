import type { InvoiceNotary, ShootingInvoice } from '#shared/catalogue/shootings.ts';
import { formatDay, formatMoney, languageOf } from '../../i18n/format.ts';

/** The invoice's texts in the reader's language (keys under shootingDialog.invoice_pdf). */
export interface InvoiceTexts {
  title: string;
  number: string;
  issued: string;
  shooting: string;
  billedTo: string;
  property: string;
  description: string;
  amount: string;
  subtotal: string;
  tps: string;
  tvq: string;
  total: string;
}

const INVOICE_TEXTS = ['title', 'number', 'issued', 'shooting', 'billedTo', 'property', 'description', 'amount', 'subtotal', 'tps', 'tvq', 'total'] as const;

/** The notarized invoice's texts (docs/decisions/0555); `payable` already holds the notary date. */
export interface NotaryTexts {
  title: string;
  mls: string;
  sold: string;
  notarized: string;
  payable: string;
}

/** The standard PDF fonts write Windows-1252: the narrow and no-break spaces of fr-CA numbers become plain ones. */
const pdfText = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * Draws and downloads the invoice of a generateShootingInvoice answer in the reader's language (the
 * shooting dialog's 'Open the invoice' and the technician card's invoices menu); with the `notary`
 * of a generateNotarizedInvoice answer, the invoice payable at the notary (docs/decisions/0555).
 */
export function openInvoice(invoice: ShootingInvoice, t: (key: string, options?: { date: string }) => string, lng: string, notary?: InvoiceNotary): Promise<void> {
  const texts = Object.fromEntries(INVOICE_TEXTS.map((key) => [key, t(`shootingDialog.invoice_pdf.${key}`)])) as unknown as InvoiceTexts;
  if (!notary) return downloadInvoicePdf(invoice, texts, lng, t('shootingDialog.invoice_file'));
  const notaryTexts: NotaryTexts = {
    title: t('shootingDialog.invoice_pdf.notary_title'),
    mls: t('shootingDialog.invoice_pdf.notary_mls'),
    sold: t('shootingDialog.invoice_pdf.notary_sold'),
    notarized: t('shootingDialog.invoice_pdf.notary_date'),
    payable: t('shootingDialog.invoice_pdf.notary_payable', { date: pdfText(formatDay(notary.date_notarized, lng)) }),
  };
  return downloadInvoicePdf(invoice, texts, lng, t('shootingDialog.invoice_pdf.notary_file'), { notary, texts: notaryTexts });
}

/** The notary block of a notarized invoice: the listing's MLS number, sale date and notary date, in the reader's language ('—' when missing). */
export function notaryLines(notary: InvoiceNotary, texts: Pick<NotaryTexts, 'mls' | 'sold' | 'notarized'>, lng: string): string[] {
  const day = (date: string | null) => (date ? pdfText(formatDay(date, lng)) : '—');
  return [`${texts.mls} ${notary.mls ?? '—'}`, `${texts.sold} ${day(notary.date_sold)}`, `${texts.notarized} ${day(notary.date_notarized)}`];
}

/**
 * Draws the invoice the server answered (docs/decisions/0181) with jspdf, loaded on first use, and
 * downloads it as `<file name>-<number>.pdf`, like the capture report: the browser opens it from its
 * downloads (the app's CSP, inherited by a blob document, would keep the PDF viewer out of a new tab).
 */
export async function downloadInvoicePdf(invoice: ShootingInvoice, texts: InvoiceTexts, lng: string, fileName: string, notarized?: { notary: InvoiceNotary; texts: NotaryTexts }): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'letter' });
  const money = (n: number) => pdfText(formatMoney(n, lng));
  const right = doc.internal.pageSize.getWidth() - 14;
  const title = notarized?.texts.title ?? texts.title;
  doc.setProperties({ title: `${title} ${invoice.invoice_id}` });
  doc.setFontSize(18);
  doc.text(title, 14, 20);
  doc.setFontSize(10);
  let y = 30;
  for (const line of [
    `${texts.number} ${invoice.invoice_id}`,
    `${texts.issued} ${pdfText(formatDay(invoice.issued_on, lng))}`,
    `${texts.shooting} #${invoice.shooting_id}, ${pdfText(formatDay(invoice.scheduleddate, lng))}`,
    ...(notarized ? notaryLines(notarized.notary, notarized.texts, lng) : []),
  ]) {
    doc.text(line, 14, y);
    y += 6;
  }
  y += 4;
  doc.setFont('helvetica', 'bold');
  doc.text(texts.billedTo, 14, y);
  doc.text(texts.property, 110, y);
  doc.setFont('helvetica', 'normal');
  y += 6;
  doc.text([`${invoice.broker.firstname} ${invoice.broker.lastname}`, invoice.broker.email], 14, y);
  doc.text(doc.splitTextToSize(invoice.address, 90) as string[], 110, y);
  y += 18;
  doc.setFont('helvetica', 'bold');
  doc.text(texts.description, 14, y);
  doc.text(texts.amount, right, y, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  doc.line(14, y + 2, right, y + 2);
  y += 8;
  const fr = languageOf(lng) === 'fr';
  for (const line of invoice.lines) {
    doc.text(fr ? line.label_fr : line.label_en, 14, y);
    doc.text(money(line.amount), right, y, { align: 'right' });
    y += 6;
  }
  doc.line(14, y - 2, right, y - 2);
  y += 4;
  for (const [label, amount] of [
    [texts.subtotal, invoice.subtotal],
    [texts.tps, invoice.tps],
    [texts.tvq, invoice.tvq],
  ] as const) {
    doc.text(label, 120, y);
    doc.text(money(amount), right, y, { align: 'right' });
    y += 6;
  }
  doc.setFont('helvetica', 'bold');
  doc.text(texts.total, 120, y + 2);
  doc.text(money(invoice.total), right, y + 2, { align: 'right' });
  if (notarized) doc.text(notarized.texts.payable, 14, y + 14);
  doc.save(`${fileName}-${invoice.invoice_id}.pdf`);
}
