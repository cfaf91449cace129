import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { Role } from '#shared/roles.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 2 "Depots" as an administrator lives it, in French then English: add a depot from an
 * address suggestion ('Le dépot à été ajouté!' in green), find it by civic number, modify it
 * ('Le dépot à été modifié!'), delete it after confirming; and try to delete a seeded depot that
 * technicians start from: the dialog stays open with the spec's message, in red.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

/** The spec's message (part 2 §8), English as the spec gives it. */
const REFERENCED = 'Depot is still assigned to one or more users. Please remove the depot from all users.';

async function adminOn(lang: Lang, path: string, titleKey: string): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: textsIn(lang)(titleKey) }).waitFor();
  return page;
}

/** The colour Mantine gives an Alert (its `--alert-color` custom property) compared with the theme's. */
const alertColor = (page: Page, role: 'status' | 'alert') =>
  page.getByRole(role).first().evaluate((el) => getComputedStyle(el).getPropertyValue('--alert-bg').trim() || getComputedStyle(el).backgroundColor);

describe.each(['fr', 'en'] as const)('depots, in %s', (lang) => {
  const t = textsIn(lang);
  const rowsShown = (page: Page) => page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-depot') ?? ''));

  it('an administrator adds a depot from an address suggestion, modifies it and deletes it', async () => {
    const page = await adminOn(lang, '/depots', 'route.depots');
    await page.getByRole('link', { name: t('depots.add') }).click();
    await waitForPath(page, '/depots/add');

    // A civic number no other run uses; the offline gazetteer places it in Granby.
    const civic = String(10_000 + (Date.now() % 80_000));
    await page.getByRole('combobox', { name: t('depots.address_search') }).fill(`${civic} rue des Pins, Granby`);
    await page.getByRole('option', { name: `${civic} Rue des Pins, Granby, QC, CAN` }).click();
    const field = (key: string) => page.getByRole('textbox', { name: t(`depots.${key}`), exact: true });
    await expect.poll(() => field('civic_number').inputValue(), { timeout: 10_000 }).toBe(civic);
    expect(await field('street').inputValue()).toBe('Rue des Pins');
    expect(await field('city').inputValue()).toBe('Granby');
    // Written as the reader writes numbers: a decimal comma in French.
    const coordinate = async (key: string) => Number((await field(key).inputValue()).replace(',', '.'));
    expect(await coordinate('lat')).toBeCloseTo(45.4, 0);
    expect(await coordinate('lng')).toBeCloseTo(-72.73, 0);
    if (lang === 'fr') expect(await field('lat').inputValue()).toContain(',');

    // A blank street is refused on its field before anything is sent.
    await field('street').fill('   ');
    await page.getByRole('button', { name: t('depots.save') }).click();
    await page.getByText(t('depots.field.street')).waitFor();
    await field('street').fill('Rue des Pins');
    await page.getByRole('button', { name: t('depots.save') }).click();
    await page.getByRole('status').getByText(t('depots.added')).waitFor();
    if (lang === 'fr') expect(t('depots.added')).toBe('Le dépot à été ajouté!');
    const green = await alertColor(page, 'status');

    // Found by its civic number in the list.
    await page.getByRole('link', { name: t('depots.back') }).click();
    await waitForPath(page, '/depots');
    await page.getByRole('searchbox', { name: t('depots.search') }).fill(civic);
    await expect.poll(() => rowsShown(page), { timeout: 10_000 }).toHaveLength(1);
    const [id] = await rowsShown(page);
    const row = page.locator(`tr[data-depot="${id}"]`);
    await row.getByText('Rue des Pins').waitFor();

    // Modify the street.
    await row.getByRole('link', { name: new RegExp(`^${t('depots.edit')}`) }).click();
    await waitForPath(page, `/depots/edit/${id}`);
    await expect.poll(() => field('civic_number').inputValue(), { timeout: 10_000 }).toBe(civic);
    await field('street').fill('Rue des Pins Ouest');
    // The French list and form write coordinates with a decimal comma; the form takes them as written.
    await field('lat').fill(lang === 'fr' ? '45,4012' : '45.4012');
    await page.getByRole('button', { name: t('depots.save') }).click();
    await page.getByRole('status').getByText(t('depots.modified')).waitFor();
    expect(await field('lat').inputValue()).toBe(lang === 'fr' ? '45,4012' : '45.4012');
    if (lang === 'fr') expect(t('depots.modified')).toBe('Le dépot à été modifié!');

    // Searching is by street too, in lower case; then delete after confirming.
    await page.getByRole('link', { name: t('depots.back') }).click();
    await page.getByRole('searchbox', { name: t('depots.search') }).fill(`${civic}`);
    await row.getByText('Rue des Pins Ouest').waitFor();
    // Its position in the list's language: '45,4012; -72,…' / '45.4012, -72.…'.
    await row.getByText(lang === 'fr' ? /^45,4012; -\d+,\d+$/ : /^45\.4012, -\d+\.\d+$/).waitFor();
    await page.getByRole('searchbox', { name: t('depots.search') }).fill('RUE DES PINS OUEST');
    await expect.poll(() => rowsShown(page)).toContain(id);
    await row.getByRole('button', { name: new RegExp(`^${t('depots.delete')}`) }).click();
    const dialog = page.getByRole('dialog', { name: t('depots.delete_title') });
    await dialog.getByRole('button', { name: t('depots.delete') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').getByText(t('depots.deleted', { address: `${civic} Rue des Pins Ouest, Granby` })).waitFor();
    await expect.poll(() => rowsShown(page)).not.toContain(id);

    // The failure colour differs from the success one (red, not green).
    await page.goto(`/depots/edit/${id}`);
    await page.getByRole('alert').getByText(t('depots.not_found')).waitFor();
    expect(await alertColor(page, 'alert')).not.toBe(green);
  });

  it("refuses to delete a depot technicians start from: the dialog stays open with the spec's message", async () => {
    const page = await adminOn(lang, '/depots', 'route.depots');
    // The seeded Laval depot (3030 Boulevard Le Carrefour) is the depot of several capture technicians.
    await page.getByRole('searchbox', { name: t('depots.search') }).fill('le carrefour');
    await expect.poll(() => rowsShown(page), { timeout: 10_000 }).toHaveLength(1);
    await page.locator('tbody tr').getByRole('button', { name: new RegExp(`^${t('depots.delete')}`) }).click();
    const dialog = page.getByRole('dialog', { name: t('depots.delete_title') });
    await dialog.getByRole('button', { name: t('depots.delete') }).click();
    await dialog.getByRole('alert').getByText(t('depots.referenced')).waitFor();
    if (lang === 'en') expect(t('depots.referenced')).toBe(REFERENCED);
    // Still open, still listed; Cancel closes it.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: t('depots.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowsShown(page), { timeout: 10_000 }).toHaveLength(1);
  });
});
