import '../support/stack-env.ts';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { menuFor } from '#shared/routes.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { login, settle, useBrowser } from './browser.ts';

/**
 * The app runs under its Content-Security-Policy: every screen a role opens from its menu, the
 * booking wizard and the public delivery page (pictures from the storage origin) report no
 * violation, and every document carries the security headers.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser(baseUrl);

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watchedVisitor(): Promise<{ page: Page; violations: string[] }> {
  const { page, context } = await browser.visit({ viewport: { width: 1400, height: 900 } });
  const violations: string[] = [];
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

/** Opens a path as a new document, checks its headers, lets it settle and collects its violations. */
async function open(page: Page, path: string, violations: string[]): Promise<void> {
  const response = await page.goto(path);
  const headers = response!.headers();
  expect(headers['content-security-policy'], path).toContain("script-src 'self'");
  expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('no-referrer');
  await settle(page);
  violations.push(...(await page.evaluate(() => window.__cspViolations ?? [])).map((v) => `${path}: ${v}`));
}

const ROLES_TO_CHECK: RoleId[] = [Role.superadmin, Role.broker, Role.tech_capture, Role.tech_postprod, Role.client];

describe('Content-Security-Policy', () => {
  it.each(ROLES_TO_CHECK)('role %i opens its landing screen and every menu entry without a violation', async (role) => {
    const { page, violations } = await watchedVisitor();
    await open(page, '/login', violations);
    await login(page, demoAccount(role));
    await page.waitForURL((url) => url.pathname !== '/login');
    const paths = new Set([new URL(page.url()).pathname, ...menuFor(role).map((entry) => entry.to), '/shooting/add', '/tickets']);
    for (const path of paths) await open(page, path, violations);
    expect(violations).toEqual([]);
  });

  it('the public delivery page shows its pictures from the storage origin without a violation', async () => {
    const listing = (await listingsOfBroker(demoAccount(Role.broker).id, 100)).items.find((l) => l.distribution_token)!;
    const { page, violations } = await watchedVisitor();
    await open(page, `/delivery/${listing.distribution_token}`, violations);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    const loaded = await page.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);
    expect(loaded).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  it('an injected inline script does not run', async () => {
    const { page } = await watchedVisitor();
    await page.goto('/login');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.appendChild(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => page.evaluate(() => window.__cspViolations ?? [])).toContainEqual(expect.stringContaining('script-src'));
  });
});
