import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { settle, useBrowser } from './browser.ts';

/**
 * The app runs under its Content-Security-Policy. Every screen of the route table is opened under
 * it by accessibility.test.ts (headers present, no violation); here: every security header, the
 * delivery page's pictures from the storage origin, and an injected inline script that must not run.
 */
const baseUrl = ownStack().baseUrl;
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

describe('Content-Security-Policy', () => {
  it('the public delivery page shows its pictures from the storage origin without a violation', async () => {
    // A seeded delivered listing with pictures (seed/pictures.ts); other tests add listings without any.
    const listing = (await listingsOfBroker(demoAccount(Role.broker).id, 1000)).items.find((l) => l.address === '1200 rue Sherbrooke Ouest')!;
    const { page, violations } = await watchedVisitor();
    await open(page, `/delivery/${listing.distribution_token}`, violations);
    await page.getByRole('heading', { level: 1, name: listing.address }).waitFor();
    const loaded = () => page.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);
    await expect.poll(loaded, { timeout: 15_000 }).toBeGreaterThan(0);
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
