import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { Role } from '#shared/roles.ts';
import { reviewListing } from '../support/review-listing.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { loginAs, textsIn } from './fixtures.ts';

/**
 * The review grid comes to rest (ADR 0280): once its pictures are shown, at any number of columns,
 * no ResizeObserver of the page reports anything any more. The grid once observed itself anew on
 * every render (a new observer reports once, the report rendered the grid again): renders and long
 * tasks without end, worst at 12 columns. Counted in animation frames, not in time: the page must
 * have 60 frames in a row without a ResizeObserver callback within its first 600 frames after the
 * cards are shown (the loop reported every second or third frame).
 */
const browser = useBrowser(ownStack().baseUrl);

const QUIET_FRAMES = 60;
const MAX_FRAMES = 600;

/** Every ResizeObserver callback of the page, counted (before the app's code runs). */
const COUNT_OBSERVER_CALLBACKS = `window.__observed = 0; { const Native = window.ResizeObserver; window.ResizeObserver = class extends Native { constructor(callback) { super((entries, observer) => { window.__observed++; callback(entries, observer); }); } }; }`;

/** How many frames the page took to have QUIET_FRAMES in a row without a callback; null if it never did within MAX_FRAMES. */
const framesToRest = (page: Page) =>
  page.evaluate<number | null>(`new Promise((resolve) => {
    let frames = 0, quiet = 0, seen = window.__observed;
    const frame = () => {
      frames++;
      if (window.__observed === seen) quiet++; else { quiet = 0; seen = window.__observed; }
      if (quiet >= ${QUIET_FRAMES}) resolve(frames);
      else if (frames >= ${MAX_FRAMES}) resolve(null);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);

describe('review grid', () => {
  const t = textsIn('en');

  it('comes to rest after the pictures are shown, at 3 columns and at 12', async () => {
    const pictures = 150;
    const { listing } = await reviewListing({ street: 'rue du Repos', pictures, unseen: (i) => i % 3 === 0, original: { width: 480, height: 320 } });
    const { page, context } = await browser.visit({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(COUNT_OBSERVER_CALLBACKS);
    await loginAs(page, Role.tech_postprod);
    await waitForPath(page, '/tech_review');
    await page.goto(`/tech_review/${listing.id}`);
    await page.getByRole('button', { name: t('review.open', { n: 1 }), exact: true }).waitFor();
    expect(await framesToRest(page), 'ResizeObserver callbacks without end at 3 columns').not.toBeNull();

    await page.locator('[aria-labelledby="review-columns"]').getByText('12', { exact: true }).click();
    await page.getByRole('button', { name: t('review.open', { n: 12 }), exact: true }).waitFor();
    expect(await framesToRest(page), 'ResizeObserver callbacks without end at 12 columns').not.toBeNull();
    // At rest, the grid still keeps only the rows in view (and a few more) in the page.
    expect(await page.locator('[data-picture]').count()).toBeLessThan(pictures);
  });
});
