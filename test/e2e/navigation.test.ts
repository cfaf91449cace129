import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Locator, Page } from 'playwright-core';
import { Role, type RoleId } from '#shared/roles.ts';
import { landingPath, menuFor, menuSectionsFor } from '#shared/routes.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { call, tokenFor } from '../support/api.ts';
import { PHONE_WIDTH, settle, useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginIn, text, type Lang } from './fixtures.ts';

/**
 * Moving around (issue 10 items 2, 3 and 8), in French and English: the broker's menu, the grouped
 * staff menu that fits a laptop screen, the current place highlighted, the keyboard alone, the
 * burger at phone width, the favicon, the login hand-over and the footer snow.
 */

const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const LAPTOP = { width: 1280, height: 850 };

async function visit(lang: Lang, viewport = LAPTOP): Promise<Page> {
  return (await browser.visit({ locale: BROWSER_LOCALE[lang], viewport })).page;
}

async function loggedIn(lang: Lang, role: RoleId, path: string, viewport = LAPTOP): Promise<Page> {
  const page = await visit(lang, viewport);
  const { token } = await tokenFor(role);
  await page.context().addInitScript((t) => localStorage.setItem('immo.session.token', t), token);
  await page.goto(path);
  await settle(page);
  return page;
}

const nav = (page: Page, lang: Lang) => page.getByRole('navigation', { name: text(lang, 'shell.main_menu') });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();
/** The highlighted entry: the link marked as the current page. */
const current = (page: Page, lang: Lang) => nav(page, lang).locator('a[aria-current="page"]');

async function focusByTab(page: Page, target: Locator, maxTabs = 60): Promise<void> {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** The focused element shows a focus ring (an outline or a box shadow). */
async function focusRingVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
}

async function brokerIds(): Promise<{ shootingId: number; ticketId: number }> {
  const { token } = await tokenFor(Role.broker);
  const shootings = await call<{ data: { id: number; is_confirmed: boolean }[] }>('GET', '/api/shootings', { token });
  const tickets = await call<{ data: { id: number }[] }>('GET', '/api/tickets', { token });
  const shooting = shootings.body.data.find((s) => !s.is_confirmed) ?? shootings.body.data[0];
  if (!shooting || !tickets.body.data[0]) throw new Error('the demo broker has no shooting or no ticket');
  return { shootingId: shooting.id, ticketId: tickets.body.data[0].id };
}

describe.each(['fr', 'en'] as const)('navigation in %s', (lang) => {
  const t = (key: string) => text(lang, key);

  it('gives the broker deliveries, shootings, booking and tickets one click away, each label the title of its page, the current place highlighted', async () => {
    const page = await loggedIn(lang, Role.broker, '/deliveries');
    const labels = menuFor(Role.broker).map((entry) => t(entry.labelKey));
    expect(await nav(page, lang).getByRole('link').allInnerTexts()).toEqual(labels);
    for (const entry of menuFor(Role.broker)) {
      await nav(page, lang).getByRole('link', { name: t(entry.labelKey), exact: true }).click();
      await waitForPath(page, entry.to);
      await expect.poll(() => heading(page).innerText()).toBe(t(entry.labelKey));
      expect(await current(page, lang).allInnerTexts()).toEqual([t(entry.labelKey)]);
    }

    const { shootingId, ticketId } = await brokerIds();
    for (const [path, highlighted] of [
      [`/tickets/${ticketId}`, 'route.tickets'],
      ['/tickets/add', 'route.tickets'],
      [`/shooting/changeTime/${shootingId}`, 'route.shooting'],
      [`/shooting/cancel/${shootingId}`, 'route.shooting'],
    ] as const) {
      await page.goto(path);
      await settle(page);
      expect(await current(page, lang).allInnerTexts(), path).toEqual([t(highlighted)]);
    }
  });

  it('groups the admin menu into sections that fit an 850 px high screen, the section of the current place open', async () => {
    const page = await loggedIn(lang, Role.admin, '/users/edit/102');
    const menu = nav(page, lang);
    const sections = menuSectionsFor(Role.admin);
    // Section headings are buttons named by their text (shown in capitals by CSS).
    const headings = await menu.locator('button[aria-expanded]').evaluateAll((buttons) => buttons.map((b) => b.firstElementChild?.textContent));
    expect(headings).toEqual(sections.map((s) => t(s.labelKey!)));
    for (const section of sections) expect(await menu.getByRole('button', { name: t(section.labelKey!), exact: true }).count()).toBe(1);
    // The administration section is open on a sub-route of /users, which is highlighted; nothing is cut off.
    expect(await current(page, lang).allInnerTexts()).toEqual([t('route.users')]);
    const fits = await menu.evaluate((el) => [...el.querySelectorAll('*')].every((child) => child.scrollHeight <= child.clientHeight + 1 || getComputedStyle(child).overflowY === 'visible'));
    expect(fits).toBe(true);
    const box = (await menu.getByRole('link').last().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.height - 36); // above the footer

    // Every label is the title of the page it opens (staff open the planner at /shooting).
    const closed = menu.locator('button[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(sections.flatMap((s) => s.entries.map((e) => t(e.labelKey))));
    await menu.getByRole('link', { name: t('route.video_dashboard'), exact: true }).click();
    await waitForPath(page, '/video_dashboard');
    await expect.poll(() => heading(page).innerText()).toBe(t('route.video_dashboard'));
  });

  it('lets a keyboard user open a menu section and a page with Tab and Enter, the focus always visible', async () => {
    const page = await loggedIn(lang, Role.admin, '/shooting');
    const reports = nav(page, lang).getByRole('button', { name: t('menu_section.reports') });
    await focusByTab(page, reports);
    expect(await focusRingVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await reports.getAttribute('aria-expanded')).toBe('true');
    const logs = nav(page, lang).getByRole('link', { name: t('route.superlog'), exact: true });
    await focusByTab(page, logs);
    expect(await focusRingVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/superlog');
    await expect.poll(() => heading(page).innerText()).toBe(t('route.superlog'));

    // The broker books from the menu with the keyboard alone.
    const broker = await loggedIn(lang, Role.broker, '/deliveries');
    const book = nav(broker, lang).getByRole('link', { name: t('route.shooting_add'), exact: true });
    await focusByTab(broker, book);
    expect(await focusRingVisible(broker)).toBe(true);
    await broker.keyboard.press('Enter');
    await waitForPath(broker, '/shooting/add');
  });

  it(`folds the menu behind a burger at ${PHONE_WIDTH} px, and closes it after a choice`, async () => {
    const page = await loggedIn(lang, Role.broker, '/deliveries', { width: PHONE_WIDTH, height: 844 });
    const burger = page.getByRole('button', { name: t('shell.toggle_menu') });
    // Folded: off screen and out of the Tab order.
    const folded = () => page.locator('#side-menu').evaluate((el) => (el as HTMLElement).inert && el.getBoundingClientRect().right <= 0);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await folded()).toBe(true);
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    // Part 1 section 2.3: the drawer is 280 wide on a phone too; a tap on the page beside it, or Escape, folds it.
    await expect.poll(() => page.locator('#side-menu').evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    expect(await page.locator('#side-menu').evaluate((el) => el.getBoundingClientRect().width)).toBe(280);
    await page.mouse.click(PHONE_WIDTH - 40, 400);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(folded).toBe(true);
    await burger.click();
    await nav(page, lang).getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await burger.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(folded).toBe(true);
    await burger.click();
    const tickets = nav(page, lang).getByRole('link', { name: t('route.tickets'), exact: true });
    await tickets.click();
    await waitForPath(page, '/tickets');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(folded).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it('shows planner badges in full, never cut off', async () => {
    const page = await loggedIn(lang, Role.admin, '/shooting');
    // The planner's cards draw light badges of their own (ADR 0285), marked data-badge.
    const badges = page.locator('[data-badge]');
    await badges.first().waitFor();
    const cut = await badges.evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
    expect(cut).toEqual([]);
  });

  it('hands over from the login form to the landing screen without showing the form at the new address; prints the time it takes', async () => {
    const page = await visit(lang);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const favicon = page.waitForResponse((response) => new URL(response.url()).pathname === '/favicon.svg');
    await page.goto('/login');
    expect((await favicon).status()).toBe(200);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    // Watch every frame: the form must never be on screen once the address has left /login.
    await page.evaluate(() => {
      const w = window as unknown as { formAfterLogin: boolean };
      w.formAfterLogin = false;
      const watch = () => {
        if (location.pathname !== '/login' && document.querySelector('input[type="password"]')) w.formAfterLogin = true;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const started = Date.now();
    await loginIn(page, lang, demoAccount(Role.broker));
    await waitForPath(page, landingPath(Role.broker));
    await page.getByRole('heading', { level: 1, name: t('route.deliveries') }).waitFor();
    const elapsed = Date.now() - started;
    expect(await page.evaluate(() => (window as unknown as { formAfterLogin: boolean }).formAfterLogin)).toBe(false);
    await settle(page);
    expect(errors).toEqual([]);
    console.log(`login to first screen (${lang}, broker, /deliveries heading shown): ${elapsed} ms`);
  });

  it('lets the December snow fall in the footer only', async () => {
    const page = await visit(lang);
    await page.clock.setFixedTime(new Date('2026-12-15T12:00:00'));
    await page.goto('/login');
    const snow = page.getByTestId('snow');
    await snow.waitFor({ state: 'attached' });
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    const area = (await snow.boundingBox())!;
    expect(area.y).toBeGreaterThanOrEqual(footer.y - 1);
    expect(area.y + area.height).toBeLessThanOrEqual(footer.y + footer.height + 1);
    expect(await snow.evaluate((el) => el.closest('footer') !== null)).toBe(true);
  });
});
