import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { loginIn } from './fixtures.ts';

/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core, and the few user
 * actions the tests are written in (open a page, log in, log out).
 */

export function chromiumPath(): string {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  throw new Error('Chromium is missing: install it with `apt-get update && apt-get install -y chromium` (npm test does it when run as root).');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface UserSession {
  context: BrowserContext;
  page: Page;
}

/**
 * One Chromium per test file and a fresh profile per visit, closed after each test. Call it at
 * the top of a test file: `const browser = useBrowser(baseUrl)`, then `await browser.visit()`.
 */
export function useBrowser(baseUrl: string): { visit: (options?: BrowserContextOptions) => Promise<UserSession> } {
  let browser: Browser | undefined;
  const open: UserSession[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((visitor) => visitor.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    visit: async (options = {}) => {
      if (!browser) throw new Error('useBrowser: visit() runs inside a test, after beforeAll');
      const visitor = await freshVisitor(browser, baseUrl, options);
      open.push(visitor);
      return visitor;
    },
  };
}

/** A fresh browser profile (no token, no language choice), English unless told otherwise. */
export async function freshVisitor(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<UserSession> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export interface Credentials {
  email: string;
  password: string;
}

/** Fills the English login form the way a user does and submits it (./fixtures.ts has the one implementation). */
export async function login(page: Page, credentials: Credentials): Promise<void> {
  await loginIn(page, 'en', credentials);
}

/** Opens the account menu in the top bar (its button shows the user's name). */
export async function openAccountMenu(page: Page, fullName: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: fullName }).click();
  await page.getByRole('menu').waitFor();
}

export async function logout(page: Page, fullName: string): Promise<void> {
  await openAccountMenu(page, fullName);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/** Waits until the address bar shows this path (and search, when given). */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search));
  return new URL(page.url());
}

/** The phone width every screen must fit without sideways scrolling (a common phone, 390 CSS px). */
export const PHONE_WIDTH = 390;

/** Waits until the page has settled: no request in flight, no loading spinner, transitions over. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'), undefined, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Mantine's transitions (navbar, collapses, fades) are CSS transitions: wait until, two frames on, none runs.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')))),
      ),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * The words cut across two lines in the cells of tables that scroll in a container (at a phone's
 * width such a table scrolls rather than breaking its words: web/src/app/small-screens.css), or of
 * the tables `within` selects. A word is what lies between spaces, hyphens and slashes, where a line
 * may rightly end.
 */
export async function brokenTableWords(page: Page, within = '.mantine-TableScrollContainer-scrollContainer'): Promise<string[]> {
  return page.evaluate((within) => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll(`${within} th, ${within} td`)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text a screen lets break anywhere on purpose (ids, URLs, log lines: its own inline style) is not counted.
        const intended = node.parentElement?.closest('[style*="overflow-wrap: anywhere"], [style*="word-break: break-all"], [style*="word-break: break-word"]');
        if (intended && cell.contains(intended)) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\-–—/]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, within);
}

/** The element reaching furthest right, as a short CSS-like description (for failure messages). */
export async function widestElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    let worst: Element | undefined;
    let right = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (r > right + 0.5) {
        right = r;
        worst = el;
      }
    }
    if (!worst) return '';
    const cls = typeof worst.className === 'string' ? worst.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
    return `${worst.tagName.toLowerCase()}${cls ? `.${cls}` : ''} reaching ${Math.round(right)}px`;
  });
}
