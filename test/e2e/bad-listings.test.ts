import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { waitForProviderImport } from '../support/provider-import.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn } from './fixtures.ts';

/**
 * Part 3 screen 8 (/badlistings) as an administrator lives it, in French then English: the demo
 * listing whose MLS the provider does not list says MISSING in red where the provider's values
 * would be; a listing of an account without a provider code says NO DATA in red; a click on a
 * row opens the listing dialog, and a listing fixed and saved there shows its new values in its row.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

beforeAll(async () => {
  expect((await waitForProviderImport()).status).toBe('imported');
}, 300_000);

/** The colour the user sees, as [r, g, b]. */
async function colourOf(cell: Locator): Promise<[number, number, number]> {
  const css = await cell.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number);
  return [r!, g!, b!];
}
const isRed = ([r, g, b]: [number, number, number]) => r >= 150 && r - g >= 80 && r - b >= 80;

describe.each(['fr', 'en'] as const)('bad-listing audit, in %s', (lang) => {
  const t = textsIn(lang);

  it('says MISSING and NO DATA in red, a click on a row opens the listing, and a save there refreshes the row', async () => {
    // A listing of the admin's account (no provider broker code) with an MLS the provider does not list.
    const admin = demoAccount(Role.admin);
    const mls = String(20_000_000 + (Date.now() % 9_000_000) + (lang === 'fr' ? 0 : 1));
    const ours = await insertListing({
      address: `${200 + (Date.now() % 700)} rue de l'Audit-${lang.toUpperCase()}`,
      city: 'Québec',
      postalcode: 'G1R 1A1',
      room_count: 4,
      is_house: false,
      lat: 46.8,
      lng: -71.2,
      state: 0,
      mls,
      broker_id: admin.id,
      broker: { firstname: admin.firstname, lastname: admin.lastname },
    });

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/badlistings');
    await page.getByRole('heading', { level: 1, name: t('route.badlistings') }).waitFor();

    // The demo broker's listing with 19000001: provider MLS, address and its four brokers MISSING.
    const demo = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '19000001', exact: true }) });
    await demo.waitFor();
    const missing = demo.getByText(t('badlistings.missing'), { exact: true });
    expect(await missing.count()).toBe(6);
    for (const cell of await missing.all()) expect(isRed(await colourOf(cell)), `colour ${String(await colourOf(cell))}`).toBe(true);
    expect(await demo.getByText(t('badlistings.no_data'), { exact: true }).count()).toBe(0);
    // The cells with a value are in the text's usual colour.
    expect(isRed(await colourOf(demo.getByRole('cell', { name: '19000001', exact: true })))).toBe(false);

    // Ours: no broker code on our side (NO DATA), and MISSING on the provider's side.
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: mls, exact: true }) });
    const noData = row.getByText(t('badlistings.no_data'), { exact: true });
    await noData.waitFor();
    expect(isRed(await colourOf(noData))).toBe(true);
    expect(await row.getByText(t('badlistings.missing'), { exact: true }).count()).toBe(6);
    await row.getByRole('cell', { name: `${admin.firstname} ${admin.lastname}` }).waitFor();

    // A click anywhere on the row opens the listing dialog; the listing's id button too.
    await row.getByRole('cell', { name: new RegExp(`rue de l'Audit-${lang.toUpperCase()}`) }).click();
    const dialog = page.getByRole('dialog', { name: t('listings.dialog.title', { id: ours.id }) });
    await dialog.waitFor();
    // The listing itself: its MLS and its city in the form.
    await expect.poll(() => dialog.getByLabel(t('listings.dialog.mls'), { exact: true }).inputValue()).toBe(mls);
    expect(await dialog.getByLabel(t('listings.dialog.city'), { exact: true }).inputValue()).toBe('Québec');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: t('badlistings.open', { id: ours.id }) }).click();
    await dialog.waitFor();

    // Fixed in the dialog (another MLS number, still not the provider's) and saved: once the dialog
    // closes, the row shows the new number, without a reload.
    const fixed = String(40_000_000 + (Date.now() % 9_000_000) + (lang === 'fr' ? 0 : 1));
    const mlsField = dialog.getByLabel(t('listings.dialog.mls'), { exact: true });
    await expect.poll(() => mlsField.inputValue()).toBe(mls);
    await mlsField.fill(fixed);
    await dialog.getByRole('button', { name: t('listings.dialog.save') }).click();
    await dialog.getByText(t('listings.dialog.saved')).waitFor();
    await dialog.getByRole('button', { name: t('listings.dialog.close') }).click();
    await dialog.waitFor({ state: 'detached' });
    const fixedRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: fixed, exact: true }) });
    await fixedRow.getByRole('button', { name: t('badlistings.open', { id: ours.id }) }).waitFor();
    expect(await page.getByRole('cell', { name: mls, exact: true }).count()).toBe(0);
  });
});
