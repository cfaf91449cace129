import { describe, expect, it } from 'vitest';
import { notaryLines } from './shooting-dialog-invoice.ts';
import fr from './locales/fr.json';
import en from './locales/en.json';

/** The notarized invoice's notary block (docs/decisions/0555). */
describe('the notary block of a notarized invoice', () => {
  const texts = (lng: typeof fr | typeof en) => ({ mls: lng.shootingDialog.invoice_pdf.notary_mls, sold: lng.shootingDialog.invoice_pdf.notary_sold, notarized: lng.shootingDialog.invoice_pdf.notary_date });
  const notary = { mls: '12345678', date_sold: '2026-05-04', date_notarized: '2026-06-15' };

  it("names the MLS number, the sale date and the notary date in the reader's language", () => {
    expect(notaryLines(notary, texts(fr), 'fr')).toEqual(['MLS : 12345678', 'Date de vente : lundi 4 mai 2026', 'Date chez le notaire : lundi 15 juin 2026']);
    expect(notaryLines(notary, texts(en), 'en')).toEqual(['MLS: 12345678', 'Sale date: Monday, May 4, 2026', 'Notary date: Monday, June 15, 2026']);
  });

  it('shows a dash for an MLS number or a sale date the listing lacks', () => {
    expect(notaryLines({ ...notary, mls: null, date_sold: null }, texts(en), 'en')).toEqual(['MLS: —', 'Sale date: —', 'Notary date: Monday, June 15, 2026']);
  });

  it('says in both languages that the invoice is payable at the notary on the notary date', () => {
    expect(fr.shootingDialog.invoice_pdf.notary_payable).toBe('Payable chez le notaire le {{date}}');
    expect(en.shootingDialog.invoice_pdf.notary_payable).toBe('Payable at the notary on {{date}}');
  });
});
