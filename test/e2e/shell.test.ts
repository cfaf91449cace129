import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Browser, Page } from 'playwright-core';
import { ALL_ROLES, Role } from '#shared/roles.ts';
import { landingPath, menuSectionsFor, pathOf, routeRule } from '#shared/routes.ts';

/** The menu as shown: its entries section after section (ADR 0111). */
const shownMenu = (role: number) => menuSectionsFor(role).flatMap((section) => section.entries);
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { expireSessionsOf } from '../support/sessions.ts';
import { freshVisitor, launchBrowser, login, logout, openAccountMenu, waitForPath, type UserSession } from './browser.ts';
import { text, type Lang } from './fixtures.ts';


const fullName = (role: (typeof ALL_ROLES)[number]) => `${demoAccount(role).firstname} ${demoAccount(role).lastname}`;

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

async function menuLabels(page: Page, lang: Lang = 'en'): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: text(lang, 'shell.main_menu') });
  if ((await nav.count()) === 0) return [];
  // Long menus are grouped in sections that open and close: open them all to read every entry.
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return (await nav.getByRole('link').allInnerTexts()).map((label) => label.trim());
}

const baseUrl = ownStack().baseUrl;
let browser: Browser;
let visitor: UserSession;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  visitor = await freshVisitor(browser, baseUrl);
  page = visitor.page;
});
afterEach(async () => {
  await visitor?.context.close();
});

describe('each role logs in and lands on its page', () => {
  it.each(ALL_ROLES)('role %i', async (role) => {
    await page.goto('/');
    await waitForPath(page, '/login');
    await login(page, demoAccount(role));

    const landing = landingPath(role);
    await waitForPath(page, landing);
    // Staff land on /shooting, whose first tab is the planner ('Planification des captures').
    const staffPlanner = landing === '/shooting' && role !== Role.broker;
    await heading(page, staffPlanner ? text('en', 'planner.title') : text('en', routeRule(landing)!.titleKey));
    // A real screen, never 'not available yet' (issue 11 item 4); the dashboard shows at least the role's tickets.
    if (landing === pathOf('dashboard')) await page.getByRole('region', { name: text('en', 'dashboard.tickets.title_own') }).waitFor();
    expect(await page.getByText(text('en', 'common.not_available')).count()).toBe(0);
    expect(shownMenu(role).length).toBeGreaterThan(0);
    expect(await menuLabels(page)).toEqual(shownMenu(role).map((entry) => text('en', entry.labelKey)));

    await openAccountMenu(page, fullName(role));
    const profile = page.getByRole('menuitem', { name: text('en', 'shell.profile') });
    expect(await profile.count()).toBe(role === Role.admin ? 1 : 0);
  });
});

describe('route guards', () => {
  it('sends a logged-out deep link to /login, then back to it after login', async () => {
    await page.goto('/users?role=3');
    const url = await waitForPath(page, '/login');
    expect(url.searchParams.get('redirect')).toBe('/users?role=3');

    await login(page, demoAccount(Role.admin));
    await waitForPath(page, '/users', '?role=3');
    await heading(page, text('en', 'route.users'));
  });

  it('sends a role that may not open a route to /, which lands it on its page', async () => {
    await login(page, demoAccount(Role.broker));
    await waitForPath(page, '/deliveries');
    await page.goto('/zones');
    await waitForPath(page, '/deliveries');
    await heading(page, text('en', 'route.deliveries'));
  });

  it('shows the public delivery page without top bar or menu', async () => {
    await page.goto('/delivery/some-token');
    await page.getByText(text('en', 'deliveries.cannot_find'), { exact: true }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
  });
});

describe('language', () => {
  it('follows the browser language at first', async () => {
    const french = await freshVisitor(browser, baseUrl, { locale: 'fr-CA' });
    try {
      await french.page.goto('/login');
      await heading(french.page, text('fr', 'login.title'));
      await french.page.getByLabel(text('fr', 'login.email')).waitFor();
    } finally {
      await french.context.close();
    }
  });

  it('switches the texts between English and French, and keeps the choice', async () => {
    await login(page, demoAccount(Role.admin));
    await waitForPath(page, '/shooting');
    await page.goto('/shooting?view=list');
    await heading(page, text('en', 'route.shooting'));
    expect(await menuLabels(page)).toContain(text('en', 'route.users'));

    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await heading(page, text('fr', 'route.shooting'));
    expect(await menuLabels(page, 'fr')).toEqual(shownMenu(Role.admin).map((entry) => text('fr', entry.labelKey)));

    await page.reload();
    await heading(page, text('fr', 'route.shooting'));

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await heading(page, text('en', 'route.shooting'));
  });
});

describe('login and logout', () => {
  it('shows the spec message for a wrong password', async () => {
    await login(page, { email: demoAccount(Role.stats_query).email, password: 'not-the-password' });
    await page.getByRole('alert').filter({ hasText: 'Error while logging you in.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("shows a button's spinner only after 190 ms, its label until then (part 1 §2.3)", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/session/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    // The spinner (mounted once the button is loading) read as it enters the page, before any frame is drawn.
    await page.evaluate(() => {
      const seen = window as unknown as { spinnerOnEntry?: string };
      new MutationObserver((_changes, observer) => {
        const spinner = document.querySelector('.mantine-Button-root[data-loading] .mantine-Button-loader');
        if (!spinner) return;
        observer.disconnect();
        seen.spinnerOnEntry = getComputedStyle(spinner).visibility;
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await login(page, demoAccount(Role.stats_query));
    await page.waitForFunction(() => (window as unknown as { spinnerOnEntry?: string }).spinnerOnEntry);
    expect(await page.evaluate(() => (window as unknown as { spinnerOnEntry: string }).spinnerOnEntry)).toBe('hidden');
    // Then, the answer still awaited, the spinner shows and the label gives way to it.
    await page.waitForFunction(() => {
      const button = document.querySelector('.mantine-Button-root[data-loading]');
      return button && getComputedStyle(button.querySelector('.mantine-Button-loader')!).visibility === 'visible' && getComputedStyle(button.querySelector('.mantine-Button-inner')!).opacity === '0';
    });
    answer();
    await waitForPath(page, landingPath(Role.stats_query));
  });

  it('tells a throttled account to wait 15 minutes', async () => {
    // An e-mail of its own: a lock left by an earlier run would say fewer minutes.
    const unknown = { email: `nobody-throttled-${Date.now()}@demo.immo.test`, password: 'wrong-password' };
    await page.goto('/login');
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/session/login'));
      await login(page, unknown);
      if ((await answer).status() === 429) break;
    }
    await page.getByRole('alert').filter({ hasText: text('en', 'login.too_many_attempts', { count: 15 }) }).waitFor();
  });

  it('logs out back to /login, and the session is gone', async () => {
    await login(page, demoAccount(Role.tech_capture));
    await waitForPath(page, landingPath(Role.tech_capture));
    await logout(page, fullName(Role.tech_capture));
    await waitForPath(page, '/login');
    await heading(page, text('en', 'login.title'));

    await page.goto('/schedule');
    await waitForPath(page, '/login');
  });

  it('a logout in one tab takes the other tabs of the browser to /login too, keeping where they were', async () => {
    await login(page, demoAccount(Role.tech_capture));
    await waitForPath(page, landingPath(Role.tech_capture));
    const other = await page.context().newPage();
    await other.goto('/tickets');
    await heading(other, text('en', 'route.tickets'));
    await logout(page, fullName(Role.tech_capture));
    await waitForPath(page, '/login');
    const url = await waitForPath(other, '/login');
    expect(url.searchParams.get('redirect')).toBe('/tickets');
    await other.close();
  });
});

describe('expired session', () => {
  it('logs the user out on the next reload, keeping where they were', async () => {
    const account = demoAccount(Role.tech_postprod);
    await login(page, account);
    await waitForPath(page, landingPath(Role.tech_postprod));

    await expireSessionsOf(account.email);
    await page.reload();
    const url = await waitForPath(page, '/login');
    expect(url.searchParams.get('redirect')).toBe(landingPath(Role.tech_postprod));
  });

  it('logs the user out on the next navigation once the session check is due', async () => {
    const account = demoAccount(Role.sales);
    await page.clock.install();
    await login(page, account);
    await waitForPath(page, landingPath(Role.sales));

    await expireSessionsOf(account.email);
    await page.clock.fastForward('01:00');
    await page.getByRole('link', { name: text('en', 'app.name') }).click();
    await waitForPath(page, '/login');
  });
});

describe('footer', () => {
  it('shows the copyright line, and falling snow in December', async () => {
    const december = await freshVisitor(browser, baseUrl);
    try {
      await december.page.clock.setFixedTime(new Date('2026-12-15T12:00:00'));
      await december.page.goto('/login');
      await december.page.getByText('© 2026 Immo Média').waitFor();
      await december.page.getByTestId('snow').waitFor();
    } finally {
      await december.context.close();
    }

    await page.clock.setFixedTime(new Date('2027-03-15T12:00:00'));
    await page.goto('/login');
    await page.getByText('© 2027 Immo Média').waitFor();
    expect(await page.getByTestId('snow').count()).toBe(0);
  });
});
