import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Browser, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { listingsOfBroker, type StoredListing } from '#functions/storage/listings.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { freshVisitor, launchBrowser, waitForPath, type UserSession } from './browser.ts';
import { BROWSER_LOCALE, loginIn, text, type Lang } from './fixtures.ts';

const baseUrl = ownStack().baseUrl;
let browser: Browser;
let visitor: UserSession | undefined;
let listings: StoredListing[];
const tokenOf = (address: string) => listings.find((l) => l.address === address)!.distribution_token!;

beforeAll(async () => {
  browser = await launchBrowser();
  listings = (await listingsOfBroker(demoAccount(Role.broker).id, 1000)).items;
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await visitor?.context.close();
  visitor = undefined;
});

async function visit(lang: Lang, path: string, width = 1500): Promise<Page> {
  visitor = await freshVisitor(browser, baseUrl, { locale: BROWSER_LOCALE[lang], viewport: { width, height: 900 }, acceptDownloads: true });
  await visitor.page.goto(path);
  return visitor.page;
}

function countZipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const columns = (page: Page) => page.getByTestId('delivery-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

describe.each(['en', 'fr'] as const)('public delivery page, in %s', (lang) => {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  it('shows the pictures with a thumbnail without login, menu or top bar, downloads them all as a ZIP, and turns feedback into a ticket link', async () => {
    const page = await visit(lang, `/delivery/${tokenOf('1200 rue Sherbrooke Ouest')}`);
    await page.getByRole('heading', { level: 1, name: '1200 rue Sherbrooke Ouest' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/delivery\//);

    const figures = page.getByRole('figure');
    await figures.first().waitFor();
    expect(await figures.count()).toBe(8); // 10 seeded, 2 without thumbnail
    const firstImage = figures.first().getByRole('img');
    await expect.poll(() => firstImage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    expect(await firstImage.getAttribute('src')).toMatch(/[?&]v=\d{8}T\d{6}Z/);
    expect(await page.getByText(t('deliveries.not_final')).count()).toBe(0);
    expect(await page.getByRole('button', { name: t('deliveries.save_to_sharing') }).count()).toBe(0);

    // Grid columns by width: xl 5, lg 4, md 3, sm 2, else 1.
    expect(await columns(page)).toBe(5);
    for (const [width, expected] of [
      [1250, 4],
      [1000, 3],
      [800, 2],
      [500, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => columns(page)).toBe(expected);
    }
    await page.setViewportSize({ width: 1500, height: 900 });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: t('deliveries.download_all') }).click()]);
    expect(download.suggestedFilename()).toBe('1200-rue-sherbrooke-ouest-montreal.zip');
    const names = await countZipEntries(await readFile((await download.path())!));
    expect(names).toHaveLength(8);
    expect(names.every((n) => n.endsWith('.jpg'))).toBe(true);

    // Feedback on a picture that has none yet.
    const target = figures.filter({ has: page.getByRole('button', { name: t('deliveries.leave_feedback') }) }).first();
    const label = await target.getAttribute('aria-label');
    await target.getByRole('button', { name: t('deliveries.leave_feedback') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('deliveries.feedback_label')).fill(`Trop sombre (${lang})`);
    // The connection drops: the feedback fails, and so does the reload after it. Logged only (§8): the
    // dialog keeps its text and the pictures stay on the page.
    const offline = (url: URL) => url.pathname.startsWith('/api/delivery/');
    await page.route(offline, (route) => route.abort());
    const reloadFailed = page.waitForEvent('requestfailed', (request) => request.method() === 'GET' && offline(new URL(request.url())));
    await dialog.getByRole('button', { name: t('deliveries.feedback_send') }).click();
    await reloadFailed;
    expect(await dialog.getByLabel(t('deliveries.feedback_label')).inputValue()).toBe(`Trop sombre (${lang})`);
    expect(await figures.count()).toBe(8);
    expect(await page.getByText(t('deliveries.load_failed_title')).count()).toBe(0);
    await page.unroute(offline);
    await dialog.getByRole('button', { name: t('deliveries.feedback_send') }).click();
    await dialog.waitFor({ state: 'detached' });
    const link = page.getByRole('figure', { name: label!, exact: true }).getByRole('link', { name: /#\d+/ });
    await link.waitFor();
    const ticketPath = await link.getAttribute('href');
    expect(ticketPath).toMatch(/^\/tickets\/\d+$/);
    // A confirmation says it was sent, with the same ticket link.
    const number = Number(label!.match(/\d+/)![0]);
    const confirmation = page.getByRole('status').filter({ hasText: t('deliveries.feedback_sent_title') });
    await confirmation.getByText(t('deliveries.feedback_sent', { number })).waitFor();
    expect(await confirmation.getByRole('link').getAttribute('href')).toBe(ticketPath);

    // The broker follows the link: the login page says why, then leads to the ticket, whose subject is in the reader's language.
    await link.click();
    await waitForPath(page, '/login');
    await page.getByRole('status').filter({ hasText: t('login.reason_ticket') }).waitFor();
    await loginIn(page, lang, demoAccount(Role.broker));
    await waitForPath(page, ticketPath!);
    await page.getByText(`Trop sombre (${lang})`).waitFor();
    await page.getByRole('img', { name: t('tickets.picture_alt') }).waitFor();
    await page.getByRole('heading', { level: 1, name: t('tickets.subject_template.feedback', { address: '1200 rue Sherbrooke Ouest', picture: number }) }).waitFor();
  });

  it('says when pictures are not final, not ready, or the listing is unknown', async () => {
    let page = await visit(lang, `/delivery/${tokenOf('45 rue Saint-Paul Est')}`);
    await page.getByText(t('deliveries.not_final')).waitFor();
    await visitor!.context.close();

    page = await visit(lang, `/delivery/${tokenOf('350 boulevard des Laurentides')}`);
    await page.getByText(new RegExp(`^${t('deliveries.not_ready').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).waitFor();
    expect(await page.getByRole('button', { name: t('deliveries.download_all') }).count()).toBe(0);
    await visitor!.context.close();

    // An unknown link: a page that says so, what to do, and leads on to the deliveries (through the login).
    page = await visit(lang, `/delivery/${randomBytes(32).toString('base64url')}`);
    await page.getByRole('heading', { level: 1, name: t('deliveries.cannot_find') }).waitFor();
    await page.getByText(t('deliveries.cannot_find_help')).waitFor();
    await page.getByRole('link', { name: t('deliveries.go_to_deliveries') }).click();
    await waitForPath(page, '/login');
    await page.getByRole('status').filter({ hasText: t('login.reason_page') }).waitFor();
    await loginIn(page, lang, demoAccount(Role.broker));
    await waitForPath(page, '/deliveries');
  });
});
