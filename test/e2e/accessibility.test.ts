import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { Role, type RoleId } from '#shared/roles.ts';
import { ROUTES, checkRoute, type RouteRule } from '#shared/routes.ts';
import { ListingState } from '#shared/enums.ts';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { call, tokenFor } from '../support/api.ts';
import type { Browser } from 'playwright-core';
import { PHONE_WIDTH, brokenTableWords, freshVisitor, launchBrowser, settle, widestElement } from './browser.ts';
import { BROWSER_LOCALE, type Lang } from './fixtures.ts';

/**
 * Every screen of the route table (shared/routes.ts), so screens added later are covered without
 * touching this file: opened by each persona allowed to see it, in French and English, then
 *  - axe-core finds no serious or critical violation;
 *  - at 390 px wide the page does not scroll sideways;
 *  - the document carries the Content-Security-Policy and the screen causes no violation of it.
 * Parameter routes get real ids from the demo data, read through the API as the persona.
 * The figures (violations and widest page per screen) are printed at the end.
 */

const baseUrl = ownStack().baseUrl;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Who opens each screen: the first of these the route admits (brokers first: their screens are the
 * product's front door), and, for the screens that show each role something different, every role
 * here that may open it.
 */
const PERSONAS: readonly RoleId[] = [Role.broker, Role.admin, Role.tech_capture, Role.tech_postprod, Role.client];
const ROLE_DEPENDENT: Record<string, readonly RoleId[]> = {
  '/shooting': [Role.broker, Role.admin], // the broker's list, the staff's planner
  '/deliveries': [Role.broker, Role.admin, Role.tech_capture], // own listings, every listing, a technician's shootings
};
const LANGS: readonly Lang[] = ['fr', 'en'];
const BLOCKING = new Set(['serious', 'critical']);
/** Rules of lesser impact that are still refused: a column header must say what its column holds. */
const ALSO_REFUSED = new Set(['empty-table-header']);

interface Case {
  rule: RouteRule;
  /** undefined: opened logged out. */
  role: RoleId | undefined;
}

const CASES: Case[] = ROUTES.flatMap((rule): Case[] => {
  if (rule.access === 'public') return [{ rule, role: undefined }];
  const allowed = PERSONAS.filter((role) => checkRoute(rule.access, role) === 'allow');
  const roles = ROLE_DEPENDENT[rule.path]?.filter((role) => allowed.includes(role)) ?? allowed.slice(0, 1);
  if (!roles.length) throw new Error(`accessibility.test.ts: no persona may open ${rule.path}; add one to PERSONAS`);
  return roles.map((role) => ({ rule, role }));
});

const tokens = new Map<RoleId, string>();
interface DemoIds {
  token: string;
  listingId: string;
  shootingId: string;
  ticketId: string;
  userId: string;
  /** A demo listing whose virtual tour is published (/visit). */
  tourId: string;
}
const params = new Map<RoleId, DemoIds>();

async function token(role: RoleId): Promise<string> {
  if (!tokens.has(role)) tokens.set(role, (await tokenFor(role)).token);
  return tokens.get(role)!;
}

async function get<T>(role: RoleId, path: string): Promise<T> {
  const answer = await call<T>('GET', path, { token: await token(role) });
  if (answer.status !== 200) throw new Error(`GET ${path} as role ${role}: ${answer.status}`);
  return answer.body;
}

/** Real ids of the demo data for the parameter routes, seen by this persona. */
async function paramsFor(role: RoleId): Promise<DemoIds> {
  const known = params.get(role);
  if (known) return known;
  const broker = Role.broker;
  const deliveries = await get<{ data: { id: number; distribution_token: string | null }[] }>(Role.admin, '/api/deliveries?limit=1000');
  const delivered = deliveries.data.find((row) => row.distribution_token);
  const shootings = await get<{ data: { id: number; is_confirmed: boolean; state: number }[] }>(broker, '/api/shootings');
  const pending = shootings.data.find((s) => !s.is_confirmed) ?? shootings.data[0];
  const tickets = await get<{ data: { id: number }[] }>(role === Role.admin ? Role.admin : broker, '/api/tickets');
  const tour = (await listingsOfBroker(demoAccount(broker).id, 1000)).items.find((l) => l.state === ListingState.vr_ready);
  if (!delivered?.distribution_token || !pending || !tickets.data[0] || !tour) throw new Error('the demo data lacks a delivery, a shooting, a ticket or a published tour');
  const found: DemoIds = {
    token: delivered.distribution_token,
    listingId: String(delivered.id),
    shootingId: String(pending.id),
    ticketId: String(tickets.data[0].id),
    userId: String(100 + role),
    tourId: String(tour.id),
  };
  params.set(role, found);
  return found;
}

async function hrefOf(rule: RouteRule, role: RoleId | undefined): Promise<string> {
  if (!rule.path.includes('$')) return rule.path;
  const ids = await paramsFor(role ?? Role.broker);
  const values: Record<string, string> = {
    '/delivery/$token': ids.token,
    '/visit/$listingId': ids.tourId,
    '/shooting/changeTime/$id': ids.shootingId,
    '/shooting/cancel/$id': ids.shootingId,
    '/tickets/$id': ids.ticketId,
    '/users/edit/$id': ids.userId,
    '/tech_review/$listingId': ids.listingId,
    '/depots/edit/$id': '1',
    '/centris/broker/$code': 'DEMO',
  };
  const value = values[rule.path];
  if (!value) throw new Error(`accessibility.test.ts: give ${rule.path} a real parameter`);
  return rule.path.replace(/\$\w+/, value);
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  // evaluate() is not subject to the page's Content-Security-Policy, unlike an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate<unknown>(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`);

const figures: string[] = [];

let browser: Browser;
const pages = new Map<string, Page>();

/** One browser profile per persona and language, reused from screen to screen (each screen is a fresh page load). */
async function pageFor(role: RoleId | undefined, lang: Lang): Promise<Page> {
  const key = `${role ?? '-'}:${lang}`;
  const known = pages.get(key);
  if (known) return known;
  const { page, context } = await freshVisitor(browser, baseUrl, { locale: BROWSER_LOCALE[lang], viewport: DESKTOP });
  const sessionToken = role ? await token(role) : null;
  await context.addInitScript(
    ([t, language]) => {
      if (t) localStorage.setItem('immo.session.token', t);
      localStorage.setItem('immo.language', language);
      const violations: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
    },
    [sessionToken, lang] as const,
  );
  pages.set(key, page);
  return page;
}

const DESKTOP = { width: 1280, height: 850 };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  console.log(`accessibility figures (screen, role, language: serious+critical violations, widest page at ${PHONE_WIDTH} px)\n${figures.join('\n')}`);
});

describe.each(LANGS)('every screen in %s', (lang) => {
  it.each(CASES.map((c) => [`${c.rule.path} as ${c.role ? `role ${c.role}` : 'a visitor'}`, c] as const))('%s: axe-clean and no sideways scrolling at 390 px', async (_name, { rule, role }) => {
    const page = await pageFor(role, lang);
    await page.setViewportSize(DESKTOP);
    const href = await hrefOf(rule, role);
    const response = await page.goto(href);
    await settle(page);
    expect(new URL(page.url()).pathname, `${href} kept the persona on the screen`).toBe(href.split('?')[0]);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    // The screen runs under the Content-Security-Policy (ADR 0095): the document carries it and nothing was blocked.
    expect(response?.headers()['content-security-policy'], href).toContain("script-src 'self'");
    expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []), `${href}: CSP violations`).toEqual([]);

    const blocking = (await runAxe(page)).filter((v) => (v.impact && BLOCKING.has(v.impact)) || ALSO_REFUSED.has(v.id));

    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    await settle(page);
    // The layout may still be moving after the resize (drawer folding): give it a moment to come to rest.
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect.poll(scrollWidth, { timeout: 3_000 }).toBeLessThanOrEqual(PHONE_WIDTH).catch(() => undefined);
    const widest = await scrollWidth();
    const culprit = widest > PHONE_WIDTH ? await widestElement(page) : '';
    const count = blocking.reduce((n, v) => n + v.nodes.length, 0);
    figures.push(`${rule.path}\trole ${role ?? '-'}\t${lang}\t${count}\t${widest}px${culprit ? ` (${culprit})` : ''}`);

    expect(describeViolations(blocking), `${href} in ${lang}`).toEqual([]);
    expect(widest, `${href} in ${lang} at ${PHONE_WIDTH} px: ${culprit}`).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(await brokenTableWords(page), `${href} in ${lang} at ${PHONE_WIDTH} px: words cut in a scrolling table`).toEqual([]);
  });
});
