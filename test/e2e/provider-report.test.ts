import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { getProviderBroker, getProviderBrokerReport, getProviderFilters } from '#shared/catalogue/provider.ts';
import { Role } from '#shared/roles.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { waitForProviderImport } from '../support/provider-import.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn } from './fixtures.ts';
import { formatNumber } from '../../web/src/i18n/format.ts';

/**
 * Part 3 screen 9 as an administrator lives it, in French (/centris) then English (/mlsProvider):
 * the Courtiers tab sorted on the server and scrolled for more, the banner filter then the
 * franchise filter offering only that banner's franchises, a failed download said, centris.csv
 * downloaded and read back (a franchise name with a comma, quotes and an accent intact), a
 * broker's page opened in a new tab with their listings, and the Franchises tab's cards.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

let admin: string;
beforeAll(async () => {
  expect((await waitForProviderImport()).status).toBe('imported');
  admin = (await tokenFor(Role.admin)).token;
}, 300_000);

/** The codes the Courtiers table shows, top to bottom. */
const codesShown = (page: Page) => page.locator('tbody tr td:first-child').allInnerTexts();

describe.each([
  ['fr', '/centris', 'route.centris'],
  ['en', '/mlsProvider', 'route.mlsProvider'],
] as const)('provider broker report, in %s at %s', (lang, path, titleKey) => {
  const t = textsIn(lang);

  it('sorts on the server, offers every franchise until a banner is chosen, filters by banner then franchise, downloads centris.csv and opens a broker in a new tab', async () => {
    const { page, context } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: t(titleKey) }).waitFor();
    const all = bodyOf(await callOp(getProviderBrokerReport, {}, admin));
    await page.getByText(t('provider.total', { count: all.total, formatted: formatNumber(all.total, lang) }), { exact: true }).waitFor();

    // Listing count, most first, then (clicked) fewest first: the order of all brokers, not of the page.
    const byCount = (dir: 'asc' | 'desc') => callOp(getProviderBrokerReport, { sortColumn: 'count', sortDir: dir }, admin).then((a) => bodyOf(a).data.map((b) => b.code));
    const countHeader = page.getByRole('columnheader', { name: new RegExp(`^${t('provider.col.count')} *[▲▼]?$`) });
    expect(await countHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await codesShown(page)).slice(0, 10)).toEqual((await byCount('desc')).slice(0, 10));
    await countHeader.getByRole('button').click();
    await expect.poll(() => countHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => (await codesShown(page)).slice(0, 10)).toEqual((await byCount('asc')).slice(0, 10));
    // More rows on scroll.
    expect(await page.locator('tbody tr').count()).toBe(50);
    await page.locator('tbody tr').nth(49).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(100, all.total));

    // A banner, then a franchise among that banner's only: the one whose name has a comma, quotes and an accent.
    const filters = bodyOf(await callOp(getProviderFilters, {}, admin));
    const quoted = filters.franchises.find((f) => f.legal_name.includes('"') && f.legal_name.includes(',') && /[À-ÿ]/.test(f.legal_name))!;
    const banner = filters.banners.find((b) => b.code === quoted.banner_code)!;
    // Before a banner is chosen, every franchise is offered.
    await page.getByRole('combobox', { name: t('provider.franchise') }).click();
    expect((await page.getByRole('option').allInnerTexts()).sort()).toEqual(filters.franchises.map((f) => f.legal_name).sort());
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: t('provider.banner') }).click();
    await page.getByRole('option', { name: banner.french_name, exact: true }).click();
    await page.getByRole('combobox', { name: t('provider.franchise') }).click();
    const offered = await page.getByRole('option').allInnerTexts();
    expect(offered.sort()).toEqual(filters.franchises.filter((f) => f.banner_code === banner.code).map((f) => f.legal_name).sort());
    await page.getByRole('option', { name: quoted.legal_name, exact: true }).click();
    const scoped = bodyOf(await callOp(getProviderBrokerReport, { banner: banner.code, franchise: quoted.code, sortColumn: 'count', sortDir: 'asc' }, admin));
    await page.getByText(t('provider.total', { count: scoped.total, formatted: formatNumber(scoped.total, lang) }), { exact: true }).waitFor();
    await expect.poll(() => codesShown(page)).toEqual(scoped.data.map((b) => b.code));
    expect(new Set(await page.locator('tbody tr td:nth-child(6)').allInnerTexts())).toEqual(new Set([quoted.legal_name]));

    // A download the server fails is said next to the button; the next one clears it.
    const downloadFailed = page.getByRole('alert').filter({ hasText: t('provider.download_failed') });
    await page.route('**/api/provider/brokers-csv**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"server_error","message":"Internal error."}}' }), { times: 1 });
    await page.getByRole('button', { name: t('provider.download') }).click();
    await downloadFailed.waitFor();

    // centris.csv of that scope, as a spreadsheet reads it: UTF-8 with BOM, ';', the name intact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('provider.download') }).click()]);
    expect(await downloadFailed.count()).toBe(0);
    expect(download.suggestedFilename()).toBe('centris.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Code)).toEqual(scoped.data.map((b) => b.code));
    expect(new Set(rows.map((r) => r.Franchise))).toEqual(new Set([quoted.legal_name]));
    expect(new Set(rows.map((r) => r['Bannière']))).toEqual(new Set([banner.french_name]));

    // A broker's code opens their page in a new tab, with the provider's listings naming them.
    const code = scoped.data[0]!.code;
    const { broker, listings } = bodyOf(await callOp(getProviderBroker, { code }, admin));
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: code, exact: true }).click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/centris/broker/${code}`);
    await tab.getByRole('heading', { level: 1, name: `${broker.firstname} ${broker.lastname}` }).waitFor();
    await tab.getByText(quoted.legal_name, { exact: true }).waitFor();
    await expect.poll(() => tab.locator('tbody tr td:first-child').allInnerTexts()).toEqual(listings.map((l) => l.mls).sort());
    expect(page.url()).toContain(path);
  });

  it('shows the Franchises tab: per banner its share, per franchise a card with its share', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto(path);
    await page.getByRole('tab', { name: t('provider.tab.franchises') }).click();
    const { banners, franchises } = bodyOf(await callOp(getProviderFilters, {}, admin));
    for (const b of banners) await page.getByRole('heading', { level: 2, name: new RegExp(`^${t('provider.banner_share', { name: b.french_name, share: '' }).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) }).waitFor();
    const f = franchises.find((x) => x.hausCount > 0) ?? franchises[0]!;
    const bar = page.getByRole('progressbar', { name: t('provider.share_of', { name: f.legal_name }) });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(f.centrisCount ? Math.round((f.hausCount / f.centrisCount) * 100) : 0);
    expect(await page.getByRole('progressbar').count()).toBe(franchises.length);
  });
});
