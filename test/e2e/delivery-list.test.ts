import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { Role, type RoleId } from '#shared/roles.ts';
import type { DeliveryListingRow } from '#shared/catalogue/deliveries.ts';
import { createShooting } from '#shared/catalogue/shootings.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { tokenFor } from '../support/api.ts';
import { ownHalfDay } from '../support/days.ts';
import { formatNumber } from '../../web/src/i18n/format.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { PHONE_WIDTH, useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginIn, text, type Lang } from './fixtures.ts';

const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

async function openDeliveries(lang: Lang, role: RoleId): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: { width: 1400, height: 900 } });
  await loginIn(page, lang, demoAccount(role));
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/deliveries');
  await page.getByRole('heading', { level: 1, name: text(lang, 'route.deliveries') }).waitFor();
  return page;
}

const dataRows = (page: Page) => page.getByRole('table').getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

/** Rows in the list (the table is virtualized: only a window of them is in the page). */
const listedRows = async (page: Page) => Number(await page.getByRole('table').getAttribute('aria-rowcount')) - 1;

/**
 * Scrolls the list as a user would until a row links to a page, turning to the next page at the end
 * of one (other test files add listings, newest first); listings get a link once delivered.
 */
async function firstLinkedRow(page: Page, lang: Lang) {
  const scroller = page.getByTestId('deliveries-scroller');
  const next = page.getByRole('button', { name: text(lang, 'deliveries.next') });
  for (let pageNo = 0; pageNo < 20; pageNo++) {
    // To the end of this page; a busy machine renders the rows after a scroll late, so the end is looked at twice.
    for (let atEnd = false, passes = 0; passes < 2; passes += atEnd ? 1 : 0) {
      const link = dataRows(page).getByRole('link').first();
      if (await link.count()) return link;
      atEnd = await scroller.evaluate((el) => {
        el.scrollBy({ top: el.clientHeight / 2 });
        return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      });
      await page.waitForTimeout(atEnd ? 500 : 50);
    }
    if (await next.isDisabled()) break;
    const first = await dataRows(page).first().innerText();
    await next.click();
    await expect.poll(() => dataRows(page).first().innerText()).not.toBe(first);
  }
  throw new Error('no listing in the list links to a page');
}

describe.each(['en', 'fr'] as const)('/deliveries, in %s', (lang) => {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  it("shows a broker their listings 15 at a time, with the page sizes, each opening the public page in a new tab", async () => {
    const page = await openDeliveries(lang, Role.broker);
    const size = page.getByLabel(t('deliveries.page_size'));
    expect(await size.locator('option').allInnerTexts()).toEqual([15, 25, 50, 100, 1000, 10000].map((n) => formatNumber(n, lang)));
    expect(await size.inputValue()).toBe('15');
    await dataRows(page).first().waitFor();
    expect(await dataRows(page).count()).toBe(15);
    const total = (await listingsOfBroker(demoAccount(Role.broker).id, 1000)).items.length;
    expect(total).toBeGreaterThan(15);
    const first = await firstLinkedRow(page, lang);
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('href')).toMatch(/^\/delivery\/[A-Za-z0-9_-]{43}$/);

    await page.getByRole('button', { name: t('deliveries.next') }).click();
    await expect.poll(() => dataRows(page).count()).toBe(Math.min(15, total - 15));
    await page.getByRole('button', { name: t('deliveries.previous') }).click();
    await expect.poll(() => dataRows(page).count()).toBe(15);

    await size.selectOption('100');
    await expect.poll(() => listedRows(page)).toBe(Math.min(100, total));
    expect(await page.getByRole('button', { name: t('deliveries.next') }).isDisabled()).toBe(total <= 100);
  });

  it('shows the state of a listing without a delivery link instead of a link, and every Updated date whole', async () => {
    const page = await openDeliveries(lang, Role.broker);
    await page.getByLabel(t('deliveries.page_size')).selectOption('100');
    await dataRows(page).first().waitFor();
    const scroller = page.getByTestId('deliveries-scroller');
    const unlinked = page.locator('[role="row"][data-opens="false"]').first();
    for (let step = 0; step < 100 && !(await unlinked.count()); step++) {
      await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight / 2 }));
      await page.waitForTimeout(50);
    }
    await unlinked.waitFor();
    expect(await unlinked.getByRole('link').count()).toBe(0);
    expect(await unlinked.evaluate((el) => getComputedStyle(el).cursor)).toBe('default');
    const state = (await unlinked.getByTestId('row-state').innerText()).replace(/^·\s*/, '');
    expect(['0', '1', '2', '3', '4', 'other'].map((k) => t(`deliveries.row_state.${k}`))).toContain(state);
    // Clicking it opens nothing.
    const pages = page.context().pages().length;
    const here = page.url();
    await page.evaluate(() => {
      const w = window as unknown as { __opened: number };
      w.__opened = 0;
      window.open = () => {
        w.__opened += 1;
        return null;
      };
    });
    await unlinked.click();
    expect(await page.evaluate(() => (window as unknown as { __opened: number }).__opened)).toBe(0);
    expect(page.context().pages().length).toBe(pages);
    expect(page.url()).toBe(here);

    // The Updated column (the last) shows each date whole, in the reader's notation.
    const cut = await dataRows(page).evaluateAll((rows) => rows.map((r) => r.lastElementChild as HTMLElement).filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.innerText));
    expect(cut).toEqual([]);
    const updated = await dataRows(page).first().locator('time').innerText();
    expect(updated).toMatch(lang === 'en' ? /^\d{4}-\d{2}-\d{2}, \d{1,2}:\d{2}\s[ap]\.m\.$/ : /^\d{4}-\d{2}-\d{2},? \d{1,2}\sh\s\d{2}$/);
  });

  it('gives the broker, on the page itself, a way to book, to their shootings and to their tickets', async () => {
    const page = await openDeliveries(lang, Role.broker);
    // The side menu has the same places (test/e2e/navigation.test.ts); these are the page's own links.
    const main = page.getByRole('main');
    await main.getByRole('link', { name: t('deliveries.book_shooting') }).click();
    await waitForPath(page, '/shooting/add');
    await page.goBack();
    await main.getByRole('link', { name: t('deliveries.my_shootings') }).click();
    await waitForPath(page, '/shooting');
    await page.goBack();
    await main.getByRole('link', { name: t('deliveries.my_tickets') }).click();
    await waitForPath(page, '/tickets');
    expect(await (await openDeliveries(lang, Role.admin)).getByRole('main').getByRole('link', { name: t('deliveries.book_shooting') }).count()).toBe(0);
  });

  it.each([Role.social_medias, Role.sales])('opens the public delivery page in a new tab for role %i (10, and sales, whom the review page refuses)', async (role) => {
    const page = await openDeliveries(lang, role);
    // Listings get their token when media is delivered; those without one are not links.
    await page.getByLabel(t('deliveries.page_size')).selectOption('100');
    await dataRows(page).first().waitFor();
    const link = await firstLinkedRow(page, lang);
    expect(await link.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForURL(/\/delivery\/[A-Za-z0-9_-]{43}$/);
    await popup.getByRole('heading', { level: 1 }).waitFor();
  });

  it('opens the review page for staff other than social media', async () => {
    const page = await openDeliveries(lang, Role.admin);
    const link = dataRows(page).first().getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/tech_review\/\d+$/);
    await link.click();
    await waitForPath(page, href!);
  });

  it('shows a capture technician their shootings with pictures, a lightbox and a sharable link', async () => {
    const page = await openDeliveries(lang, Role.tech_capture);
    // Other files give this technician newer shootings (test/support/review-listing.ts): the seeded one may be past the first 15.
    await page.getByLabel(t('deliveries.page_size')).selectOption('100');
    const card = page.getByRole('region', { name: '1200 rue Sherbrooke Ouest, Montréal' });
    await card.waitFor();
    const share = await card.getByLabel(t('deliveries.share_link')).inputValue();
    expect(share).toMatch(new RegExp(`^${baseUrl}/delivery/[A-Za-z0-9_-]{43}$`));
    await card.getByRole('button', { name: t('deliveries.picture_alt', { number: 1 }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t('deliveries.lightbox_title', { address: '1200 rue Sherbrooke Ouest', number: 1, total: 8 })).waitFor();
    await dialog.getByRole('button', { name: t('deliveries.lightbox_next') }).click();
    await dialog.getByText(t('deliveries.lightbox_title', { address: '1200 rue Sherbrooke Ouest', number: 2, total: 8 })).waitFor();
    await expect.poll(() => dialog.getByRole('img', { name: t('deliveries.picture_alt', { number: 2 }) }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1280);
  });
});

describe('10,000 rows', () => {
  it('keeps only a window of rows in the page and scrolls to the last one', async () => {
    const rows: DeliveryListingRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: 900_000 + i,
      address: `${i + 1} rue Générée`,
      app: '',
      city: 'Montréal',
      state: 2,
      broker_id: 103,
      broker: { firstname: 'Béatrice', lastname: 'Roy' },
      distribution_token: null,
      updated_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }));
    const page = await openDeliveries('en', Role.admin);
    // A generated list stands in for 10,000 stored listings.
    await page.route(/\/api\/deliveries\?.*limit=10000/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: rows }) }));
    await page.getByLabel('Rows per page').selectOption('10000');
    await expect.poll(() => page.getByRole('table').getAttribute('aria-rowcount')).toBe('10001');
    const rendered = await dataRows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);

    await page.getByTestId('deliveries-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.getByRole('row', { name: /10000 rue Générée/ }).waitFor();
    expect(await dataRows(page).count()).toBeLessThan(60);
  });
});

describe('several units, several pages', () => {
  it("tells a broker's listings of one building apart by their apartment, as the /shooting list writes it", async () => {
    const broker = (await tokenFor(Role.broker)).token;
    const place = demoAddress('1500 Rue Ontario Est');
    const run = Date.now() % 1_000_000;
    const units = [`A${run}`, `B${run}`];
    for (const [i, app] of units.entries()) {
      const booking = { address: place.address, app, city: place.city, postalcode: place.postalcode, is_house: false, room_count: 3, scheduleddate: ownHalfDay(i === 0), is_am: i === 0, is_existing_listing: false, note: '', lat: place.lat, lng: place.lng };
      bodyOf(await callOp(createShooting, booking, broker));
    }
    for (const lang of ['en', 'fr'] as const) {
      const page = await openDeliveries(lang, Role.broker);
      // Most recently updated first: the two new listings are at the top of the first page.
      for (const app of units) await dataRows(page).filter({ hasText: `${place.address}, #${app}` }).waitFor();
      // On a phone, the card's first line shows the address and its apartment whole (a state after them may be cut, the title has it), and nothing scrolls sideways.
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
      for (const app of units) {
        const cell = dataRows(page).filter({ hasText: `${place.address}, #${app}` }).getByRole('cell').nth(1);
        const whole = () =>
          cell.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents((el.querySelector('a, span') ?? el).firstChild!);
            return range.getBoundingClientRect().right <= Math.min(el.getBoundingClientRect().right, window.innerWidth) + 0.5;
          });
        await expect.poll(whole).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    }
  });

  it("turns a technician's page once for a Next clicked twice while the next page loads", async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.en, viewport: { width: 1400, height: 900 } });
    // The seeded technician has one page: the first gets a cursor, and the page it names is held until the test lets it go.
    const second: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/deliveries/shootings',
      async (route) => {
        const url = new URL(route.request().url());
        const cursor = url.searchParams.get('cursor');
        url.searchParams.delete('cursor');
        try {
          const first = (await (await route.fetch({ url: url.href })).json()) as { data: unknown[] };
          if (!cursor) return await route.fulfill({ json: { ...first, next: 'page-2' } });
          second.push(cursor);
          await held;
          return await route.fulfill({ json: { data: first.data.slice(1) } });
        } catch {
          // The page closed meanwhile (the end of the test).
        }
      },
    );
    await loginIn(page, 'en', demoAccount(Role.tech_capture));
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/deliveries');
    const cards = page.getByRole('main').getByRole('region');
    await cards.first().waitFor();
    const firstCard = await cards.first().getAttribute('aria-label');
    const next = page.getByRole('button', { name: 'Next page' });
    const previous = page.getByRole('button', { name: 'Previous page' });
    await next.click();
    await expect.poll(() => second.length).toBe(1);
    // The second click lands where a user's would, on the button, whatever its state.
    const box = (await next.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    release();
    await expect.poll(() => cards.first().getAttribute('aria-label')).not.toBe(firstCard);
    // One Previous is back on the first page.
    await previous.click();
    await expect.poll(() => cards.first().getAttribute('aria-label')).toBe(firstCard);
    expect(await previous.isDisabled()).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it("says a technician's later page that holds no shooting with pictures has nothing more, not that they have none", async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    await page.route(
      (url) => url.pathname === '/api/deliveries/shootings',
      async (route) => {
        const url = new URL(route.request().url());
        if (url.searchParams.get('cursor')) return route.fulfill({ json: { data: [] } });
        const first = (await (await route.fetch()).json()) as { data: unknown[] };
        return route.fulfill({ json: { ...first, next: 'page-2' } });
      },
    );
    await loginIn(page, 'fr', demoAccount(Role.tech_capture));
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/deliveries');
    await page.getByRole('main').getByRole('region').first().waitFor();
    await page.getByRole('button', { name: text('fr', 'deliveries.next') }).click();
    await page.getByText(text('fr', 'deliveries.no_more_shootings')).waitFor();
    expect(await page.getByText(text('fr', 'deliveries.no_shootings')).count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
