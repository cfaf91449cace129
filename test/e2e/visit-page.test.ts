import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { getListingVisitStats } from '#shared/catalogue/listings.ts';
import { ListingState, ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { mediaKeys } from '#functions/plumbing/media.ts';
import { putMediaObject } from '#functions/plumbing/media-objects.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertPicture } from '#functions/storage/pictures.ts';
import { insertShooting } from '#functions/storage/shootings.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { demoOriginal, demoThumbnail } from '../../scripts/local/demo-media/cache.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { PHONE_WIDTH, useBrowser } from './browser.ts';
import { BROWSER_LOCALE, textsIn, type Lang } from './fixtures.ts';

/**
 * The public virtual-tour viewer /visit/{listing_id} (docs/decisions/0255) as a visitor lives it:
 * steps through the pictures with the keyboard, the buttons and the thumbnails, leaves, and the
 * visit shows in the listing's statistics; the unbranded tour hides the broker; unknown, unpublished
 * and malformed ids get a page that says so. French on a phone, English on a desktop.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const broker = demoAccount(Role.broker);
let admin: string;

beforeAll(async () => {
  admin = (await tokenFor(Role.admin)).token;
});

/** A listing of this test with `count` real pictures (JPEG and thumbnail), its tour published or not. */
async function tourListing(count: number, state: number = ListingState.vr_ready) {
  const now = new Date().toISOString();
  const listing = await insertListing({
    address: `${await nextId('visit-page-test', 1)} rue du Belvédère`,
    city: 'Québec',
    postalcode: 'G1R 1T3',
    room_count: 5,
    is_house: true,
    lat: 46.8,
    lng: -71.2,
    state,
    broker_id: broker.id,
    broker: { firstname: broker.firstname, lastname: broker.lastname },
  });
  const shooting = await insertShooting(
    { id: await nextId('shooting', 10_000), listing_id: listing.id, broker_id: broker.id, scheduleddate: localDateOf(Date.now() - 5 * 86_400_000), am: true, is_confirmed: true, state: ShootingState.delivered, estimated_duration: 3600, room_count: 5, created_at: now, updated_at: now },
    { lat: null, lng: null, reserved_tech_id: null },
  );
  for (let index = 0; index < count; index++) {
    const picture = { seed: listing.id * 31 + index, number: index + 1, address: `${listing.address}, ${listing.city}` };
    await putMediaObject(mediaKeys.original(listing.id, shooting.id, index), demoOriginal(picture));
    await putMediaObject(mediaKeys.thumbnail(listing.id, shooting.id, index), demoThumbnail(picture));
    await insertPicture({
      listing_id: listing.id,
      shooting_id: shooting.id,
      picture_index: index,
      original_key: mediaKeys.original(listing.id, shooting.id, index),
      thumbnail_key: mediaKeys.thumbnail(listing.id, shooting.id, index),
      created_at: now,
    });
  }
  return listing;
}

const VIEWPORT: Record<Lang, { width: number; height: number }> = { fr: { width: PHONE_WIDTH, height: 844 }, en: { width: 1280, height: 850 } };

describe.each(['fr', 'en'] as const)('virtual-tour viewer, in %s', (lang) => {
  const t = textsIn(lang);

  /** The counter says `number / total` and the picture shown is that one. */
  async function showing(page: Page, number: number, total: number) {
    await page.getByTestId('visit-counter').getByText(t('visit.counter', { number, total }), { exact: true }).waitFor();
    await page.getByRole('img', { name: t('visit.picture_alt', { number, total }), exact: true }).waitFor();
  }

  it('a visitor steps through the pictures with the keyboard, the buttons and the thumbnails; the visit shows in the statistics', async () => {
    const listing = await tourListing(4);
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: VIEWPORT[lang] });
    await page.goto(`/visit/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    await page.getByText(t('visit.broker_line', { name: `${broker.firstname} ${broker.lastname}` }), { exact: false }).waitFor();
    await page.getByText(t('visit.brand'), { exact: true }).waitFor();
    await showing(page, 1, 4);

    await page.keyboard.press('ArrowRight');
    await showing(page, 2, 4);
    await page.keyboard.press('ArrowRight');
    await showing(page, 3, 4);
    await page.keyboard.press('ArrowLeft');
    await showing(page, 2, 4);
    await page.getByRole('button', { name: t('visit.next'), exact: true }).click();
    await showing(page, 3, 4);
    await page.keyboard.press('ArrowRight');
    await showing(page, 4, 4);
    // From the last picture the next one is the first again.
    await page.keyboard.press('ArrowRight');
    await showing(page, 1, 4);
    await page.getByRole('button', { name: t('visit.previous'), exact: true }).click();
    await showing(page, 4, 4);
    const third = page.getByRole('navigation', { name: t('visit.thumbnails') }).getByRole('button', { name: t('visit.show_picture', { number: 3 }), exact: true });
    await third.click();
    await showing(page, 3, 4);
    expect(await third.getAttribute('aria-current')).toBe('true');
    // The thumbnails strip scrolls inside itself: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT[lang].width);

    // Leaving the page sends the session's last totals (a keepalive request on pagehide).
    await page.goto('about:blank');
    const today = localDateOf(Date.now());
    const visits = async () => bodyOf(await callOp(getListingVisitStats, { id: listing.id, from: today, to: today }, admin)).days;
    await expect.poll(visits, { timeout: 15_000 }).toEqual([expect.objectContaining({ date: today, visitor: 1, session: 1, photos: 4, views: 4 })]);
  });

  it('a reload of the page counts on from what its session reported: the time after it is added, not refused', async () => {
    const listing = await tourListing(2);
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: VIEWPORT[lang] });
    await page.goto(`/visit/${listing.id}`);
    await showing(page, 1, 2);
    await page.waitForTimeout(2_500);
    await page.reload();
    await showing(page, 1, 2);
    await page.waitForTimeout(2_500);
    await page.goto('about:blank');
    const today = localDateOf(Date.now());
    const days = async () => bodyOf(await callOp(getListingVisitStats, { id: listing.id, from: today, to: today }, admin)).days;
    // One session of this tab; its seconds are both pages' (about 5), not the first page's alone.
    await expect.poll(async () => (await days())[0]?.seconds ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    expect((await days())[0]).toMatchObject({ visitor: 1, session: 1 });
  });

  it('the unbranded tour hides the broker and the company; unknown, unpublished and malformed ids say so', async () => {
    const listing = await tourListing(2);
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: VIEWPORT[lang] });
    // The unbranded delivery link's flag (ADR 0251).
    await page.goto(`/visit/${listing.id}?branding=none`);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    await showing(page, 1, 2);
    const body = await page.locator('body').innerText();
    expect(body).not.toContain(broker.lastname);
    expect(body).not.toContain(t('visit.brand'));

    const unpublished = await tourListing(1, ListingState.validated);
    for (const id of [String(unpublished.id), '99999999']) {
      await page.goto(`/visit/${id}`);
      await page.getByRole('heading', { level: 1, name: t('visit.not_available') }).waitFor();
      await page.getByText(t('visit.not_available_help')).waitFor();
    }
    await page.goto('/visit/abc');
    await page.getByRole('heading', { level: 1, name: t('route.not_found') }).waitFor();
  });
});
