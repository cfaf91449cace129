import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Browser, Page } from 'playwright-core';
import { MLS_MAX_BYTES, MLS_MAX_SIDE } from '#functions/plumbing/mls-rendition.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { insertVideo, markVideoRunning, markVideoUploaded } from '#functions/storage/videos.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { MLS_EXPECTED_SIZES, mlsListing, zipFiles, type MlsListing } from '../support/mls-listing.ts';
import { freshVisitor, launchBrowser, type UserSession } from './browser.ts';
import { BROWSER_LOCALE, text, type Lang } from './fixtures.ts';

/**
 * Issue 13 item 7 in the browser: the delivery page's MLS-ready download (ADR 0250) and its branded and
 * unbranded links (ADR 0251), on a delivery of this file's own with large pictures in a slideshow order.
 */
const baseUrl = ownStack().baseUrl;
let browser: Browser;
let visitor: UserSession | undefined;
let listing: MlsListing;

beforeAll(async () => {
  browser = await launchBrowser();
  listing = await mlsListing();
  // An uploaded automated video: the branded page shows its section, the unbranded one must not.
  const video = await insertVideo(
    { listing_id: listing.id, template_id: 1, requested_by: demoAccount(Role.admin).id, broker_team_member_id: null, is_broker_photo_visible: true, main_broker_id: demoAccount(Role.broker).id, current_broker_id: demoAccount(Role.broker).id },
    true,
  );
  await markVideoRunning(video.id, 'test');
  await markVideoUploaded(video.id, { mp4_key: mediaKeys.video(listing.id, video.id, 'landscape'), instagram_key: mediaKeys.video(listing.id, video.id, 'instagram'), duration_s: 30 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await visitor?.context.close();
  visitor = undefined;
});

async function visit(lang: Lang, path: string, width = 1280): Promise<Page> {
  visitor = await freshVisitor(browser, baseUrl, {
    locale: BROWSER_LOCALE[lang],
    viewport: { width, height: 900 },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await visitor.page.goto(path);
  return visitor.page;
}

describe.each(['en', 'fr'] as const)('MLS-ready download and unbranded link, in %s', (lang) => {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
  const brokerName = () => `${listing.broker.firstname} ${listing.broker.lastname}`;

  it('downloads a ZIP of JPEGs ready for Centris: slideshow order, longest side at most 1920, sRGB, under the limit', async () => {
    const page = await visit(lang, `/delivery/${listing.token}`);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    await page.getByText(t('deliveries.download_mls_hint')).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: t('deliveries.download_mls') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d+-avenue-du-centris-montreal-mls\.zip$/);
    const entries = await zipFiles(await readFile((await download.path())!));
    // The watermarked picture, one not bought, is left out.
    expect(entries.map((e) => e.name.slice(0, 3))).toEqual(['01-', '02-', '03-']);
    const sizes: number[][] = [];
    for (const entry of entries) {
      const meta = await sharp(entry.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.space).toBe('srgb');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(MLS_MAX_SIDE);
      expect(entry.data.length).toBeLessThanOrEqual(MLS_MAX_BYTES);
      sizes.push([meta.width!, meta.height!]);
    }
    expect(sizes).toEqual(MLS_EXPECTED_SIZES.map((s) => [...s]));
  }, 180_000);

  it('says so when every picture is watermarked: none is ready for the MLS', async () => {
    const watermarked = await mlsListing([{ width: 1200, height: 900, order: 0, watermarked: true }]);
    const page = await visit(lang, `/delivery/${watermarked.token}`);
    await page.getByRole('heading', { level: 1, name: watermarked.address }).waitFor();
    await page.getByRole('button', { name: t('deliveries.download_mls') }).click();
    await page.getByRole('alert').filter({ hasText: t('deliveries.mls_none') }).waitFor();
  }, 60_000);

  it('offers a branded and an unbranded link; the unbranded page shows neither the broker nor the company', async () => {
    const page = await visit(lang, `/delivery/${listing.token}`);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    // Branded: the broker, the videos, feedback, the company in the title.
    await page.getByText(t('deliveries.broker_line', { name: brokerName() })).waitFor();
    await page.getByRole('heading', { name: t('deliveries.videos_title') }).waitFor();
    expect(await page.getByRole('button', { name: t('deliveries.leave_feedback') }).count()).toBe(4);
    await expect.poll(() => page.title()).toContain(text(lang, 'app.name'));

    expect(await page.getByRole('link', { name: t('deliveries.virtual_tour') }).getAttribute('href')).toBe(`/visit/${listing.id}`);

    const share = page.getByRole('region', { name: t('deliveries.share_title') });
    const branded = await share.getByRole('textbox', { name: t('deliveries.link_branded'), exact: true }).inputValue();
    expect(new URL(branded).pathname).toBe(`/delivery/${listing.token}`);
    expect(new URL(branded).search).toBe('');
    await share.getByRole('button', { name: `${t('deliveries.copy')} · ${t('deliveries.link_unbranded')}`, exact: true }).click();
    await share.getByRole('button', { name: `${t('deliveries.copied')} · ${t('deliveries.link_unbranded')}`, exact: true }).waitFor();
    const unbranded = await page.evaluate(() => navigator.clipboard.readText());
    expect(unbranded).toBe(await share.getByRole('textbox', { name: t('deliveries.link_unbranded'), exact: true }).inputValue());
    expect(new URL(unbranded).pathname).toBe(`/delivery/${listing.token}`);

    // Unbranded: the same pictures and downloads, no broker, no videos, no feedback, no links, no company name.
    await page.goto(unbranded);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    await page.getByRole('figure').first().waitFor();
    expect(await page.getByRole('figure').count()).toBe(4);
    await page.getByRole('button', { name: t('deliveries.download_mls') }).waitFor();
    await expect.poll(() => page.title()).toBe(t('route.delivery'));
    const body = await page.locator('body').innerText();
    for (const shown of [listing.broker.firstname, listing.broker.lastname, text(lang, 'app.name'), t('deliveries.broker_line', { name: '' }).trim()]) {
      expect(body).not.toContain(shown);
    }
    expect(await page.getByRole('heading', { name: t('deliveries.videos_title') }).count()).toBe(0);
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.getByRole('button', { name: t('deliveries.leave_feedback') }).count()).toBe(0);
    expect(await page.getByRole('region', { name: t('deliveries.share_title') }).count()).toBe(0);

    // Its virtual-tour link opens the unbranded viewer: no broker there either.
    const tour = page.getByRole('link', { name: t('deliveries.virtual_tour') });
    expect(await tour.getAttribute('href')).toBe(`/visit/${listing.id}?branding=none`);
    await page.goto((await tour.getAttribute('href'))!);
    await page.getByRole('heading', { level: 1, name: new RegExp(listing.address) }).waitFor();
    const viewer = await page.locator('body').innerText();
    expect(viewer).not.toContain(listing.broker.lastname);
    expect(viewer).not.toContain(text(lang, 'app.name'));
  }, 120_000);
});
