import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { createSession } from '#functions/plumbing/sessions.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { PICTURE_UPLOAD_KEY, assignSDCard, createShooting, fetchExtraServices, getShootingAdmin } from '#shared/catalogue/shootings.ts';
import { daysBetween, localDateOf } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { formatDay, formatMoney } from '../../web/src/i18n/format.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, textsIn, type Lang } from './fixtures.ts';

/**
 * The shooting dialog (part 2 §7, part 3 §4, §5, §8) as a dispatcher uses it: from the planner's
 * shooting card they open it, mark the shooting complete, add the 'Picture Upload' service (the
 * button disabled until one is chosen) and tick the saisie-à-la-source flag it brings, write the
 * general note, make the shooting billable and open its invoice, whose PDF names the invoice
 * number, the address, the services and the total. Another dispatcher's change meanwhile is
 * reported and the dialog shows the shooting as it now is. One shooting per language, on a day of
 * this test's own.
 */

const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const ADDRESS = { fr: '1500 Rue Ontario Est', en: '8200 Boulevard Newman' } as const;
const days = { fr: ownDay(), en: ownDay() };
const ids: Partial<Record<Lang, number>> = {};
let admin: string;

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
  const b = PLANNING_BROKERS[0];
  const broker = (await createSession({ id: b.id, firstname: b.firstname, lastname: b.lastname, email: b.email, role: Role.broker })).token;
  for (const lang of ['fr', 'en'] as const) {
    const p = demoAddress(ADDRESS[lang]);
    const booking = { address: p.address, app: '', city: p.city, postalcode: p.postalcode, is_house: true, room_count: 4, scheduleddate: days[lang], is_am: true, is_existing_listing: false, note: '', lat: p.lat, lng: p.lng };
    ids[lang] = bodyOf(await callOp(createShooting, booking, broker)).data.id;
  }
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe-core violations inside the open dialog (the routes' tour never opens it). */
async function dialogViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate<unknown>(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe;
    const { violations } = await axe.run(document.querySelector('[role="dialog"]')!, { resultTypes: ['violations'] });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}

async function plannerDay(lang: Lang): Promise<Page> {
  const tx = textsIn(lang);
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: { width: 1280, height: 1600 } });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.getByRole('heading', { level: 1, name: tx('planner.title') }).waitFor();
  const next = page.getByRole('button', { name: tx('planner.next_day') });
  for (let i = daysBetween(localDateOf(Date.now()), days[lang]); i > 0; i--) await next.click();
  await page.getByText(tx('planner.summary', { count: 1, date: formatDay(days[lang], lang) })).waitFor();
  return page;
}

describe.each(['fr', 'en'] as const)('the shooting dialog, in %s', (lang) => {
  const tx = textsIn(lang);

  it('opens from the planner; completion, a service, the saisie flag, a note, billing and the invoice; a concurrent change is reported', async () => {
    const id = ids[lang]!;
    const place = demoAddress(ADDRESS[lang]);
    const page = await plannerDay(lang);
    await page.getByRole('button', { name: tx('shootingDialog.open_label', { address: `${place.address}, ${place.city}` }) }).click();
    const dialog = page.getByRole('dialog', { name: tx('shootingDialog.title', { id }) });
    await dialog.getByText(place.address).first().waitFor();
    // Part 1 §3: the listing's state as the planner reads it; a listing booked just now is 'Créée'.
    await dialog.getByText(`${tx('common.fact_label', { label: tx('shootingDialog.listing_state') })} ${tx('shootingDialog.listing_states.created')}`, { exact: true }).waitFor();
    const status = dialog.getByRole('status');
    await dialog.getByRole('button', { name: tx('shootingDialog.add_service') }).waitFor();
    expect(await dialogViolations(page)).toEqual([]);

    // Completion: 'Marquer comme complet' becomes 'Marquer comme incomplet'.
    await dialog.getByRole('button', { name: tx('shootingDialog.mark_complete') }).click();
    await status.getByText(tx('shootingDialog.marked_complete')).waitFor();
    await dialog.getByRole('button', { name: tx('shootingDialog.mark_incomplete') }).waitFor();
    expect(await dialog.getByLabel(tx('shootingDialog.saisie_source')).count()).toBe(0);

    // A service: the add button waits for a choice.
    const add = dialog.getByRole('button', { name: tx('shootingDialog.add_service') });
    expect(await add.isDisabled()).toBe(true);
    const pictureUpload = bodyOf(await callOp(fetchExtraServices, { shooting_id: id }, admin)).services.find((s) => s.key_name === PICTURE_UPLOAD_KEY)!;
    const serviceName = lang === 'fr' ? pictureUpload.display_name_fr : pictureUpload.display_name;
    await dialog.getByLabel(tx('shootingDialog.add_service_label')).selectOption({ label: `${serviceName} (${formatMoney(pictureUpload.price, lang)})` });
    await add.click();
    await status.getByText(tx('shootingDialog.service_added')).waitFor();
    await dialog.getByRole('listitem').filter({ hasText: serviceName }).waitFor();

    // The saisie-à-la-source flag comes with 'Picture Upload'.
    await dialog.getByLabel(tx('shootingDialog.saisie_source')).click();
    await status.getByText(tx('shootingDialog.saisie_saved')).waitFor();
    await expect.poll(() => dialog.getByLabel(tx('shootingDialog.saisie_source')).isChecked(), { timeout: 15_000 }).toBe(true);

    // The general note: its button is enabled only when the text is not blank.
    const editNote = dialog.getByRole('button', { name: tx('shootingDialog.edit_note') });
    expect(await editNote.isDisabled()).toBe(true);
    await dialog.getByLabel(tx('shootingDialog.general_note')).fill('Boîte à clés sur la porte arrière.');
    await editNote.click();
    await status.getByText(tx('shootingDialog.note_saved')).waitFor();

    // Billing, confirmed; then the invoice, downloaded as a PDF.
    const openInvoice = dialog.getByRole('button', { name: tx('shootingDialog.open_invoice') });
    expect(await openInvoice.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: tx('shootingDialog.make_billable') }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: tx('shootingDialog.billable_confirm') });
    // Part 1 §2.11: Escape does not dismiss the confirmation, nor the dialog under it (its status below reads the answer).
    await confirm.getByRole('button', { name: tx('common.ok') }).waitFor();
    await page.keyboard.press('Escape');
    await confirm.getByText(tx('shootingDialog.billable_confirm')).click();
    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: tx('common.ok') }).click();
    await status.getByText(tx('shootingDialog.billable_saved')).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), openInvoice.click()]);
    const invoiceId = bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, admin)).data.invoice_id!;
    await status.getByText(tx('shootingDialog.invoice_ready', { id: invoiceId })).waitFor();
    expect(download.suggestedFilename()).toBe(`${tx('shootingDialog.invoice_file')}-${invoiceId}.pdf`);
    const pdf = (await readFile(await download.path())).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    for (const expected of [tx('shootingDialog.invoice_pdf.title'), invoiceId, place.address, serviceName, tx('shootingDialog.invoice_pdf.total')]) expect(pdf).toContain(expected);
    expect(pdf).toContain(formatMoney(pictureUpload.price * 1.14975, lang).replace(/[\u202f\u00a0]/g, ' '));

    // Another dispatcher assigns an SD card meanwhile: this one's note is refused and the dialog reloads.
    const current = bodyOf(await callOp(getShootingAdmin, { shooting_id: id }, admin)).data;
    bodyOf(await callOp(assignSDCard, { shooting_id: id, version: current.version, sd_card: 'SD-77' }, admin));
    await dialog.getByLabel(tx('shootingDialog.general_note')).fill('Une autre note.');
    await editNote.click();
    await dialog.getByRole('alert').getByText(tx('shootingDialog.stale')).waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: tx('shootingDialog.sd_card'), exact: true }).inputValue(), { timeout: 15_000 }).toBe('SD-77');

    // Closed (it is unmounted at once), it gives the keyboard back to the button that opened it, not to the page.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(tx('shootingDialog.open_label', { address: `${place.address}, ${place.city}` }));
  });
});
