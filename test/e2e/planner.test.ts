import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../support/stack-env.ts';
import type { Locator, Page } from 'playwright-core';
import { daysBetween, localDateOf } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { lockDay, unlockDay } from '#functions/storage/day-locks.ts';
import { DEMO_PASSWORD, demoAccount } from '../../scripts/local/demo-accounts.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { formatDay, formatKm, formatMoney } from '../../web/src/i18n/format.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, text, type Lang } from './fixtures.ts';

/**
 * Part 2 'Shooting planner' as a dispatcher lives it: an administrator opens /shooting, goes to a
 * day with unassigned shootings, dispatches some, reads the technicians' kilometres and cost,
 * is stopped by a locked technician, forces the assignment, takes it back; then in English.
 * The day is one of the test's own (ownDay), booked here by a broker, away from the days other tests use.
 */

const baseUrl = inject('baseUrl');
/** A day of this test's own (test/support/days.ts), reached with the next-day button. */
const date = ownDay();
const DAYS_AHEAD = daysBetween(localDateOf(Date.now()), date);
/** Dispatched: the first two. Kept back from the dispatch, then assigned by hand: the third. */
const BOOKED = [
  { address: '8200 Boulevard Newman', am: true },
  { address: '12000 Boulevard Gouin Ouest', am: false },
  { address: '6000 Boulevard Taschereau', am: true },
] as const;
const [first, second, byHand] = BOOKED;
/** Mathieu Caron (planning world), whose day gets locked. */
const LOCKED_TECH = { id: 1006, name: 'Mathieu Caron' };

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const tokenOf = async (email: string) => (await api<{ token: string }>('POST', '/api/session/login', null, { email, password: DEMO_PASSWORD })).token;

interface Figures {
  techs: Array<{ tech_id: number; firstname: string; lastname: string; route: number[]; km: number; cost: number }>;
}

const browser = useBrowser(baseUrl);
let adminToken: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  adminToken = await tokenOf(demoAccount(Role.admin).email);
  const broker = await tokenOf(PLANNING_BROKERS[0].email);
  for (const b of BOOKED) {
    const p = demoAddress(b.address);
    const booked = await api<{ data: { id: number } }>('POST', '/api/shootings', broker, {
      address: p.address,
      app: '',
      city: p.city,
      postalcode: p.postalcode,
      is_house: false,
      room_count: 4,
      scheduleddate: date,
      is_am: b.am,
      is_existing_listing: false,
      note: '',
      lat: p.lat,
      lng: p.lng,
    });
    ids.set(b.address, booked.data.id);
  }
});
afterAll(async () => {
  await unlockDay(date, LOCKED_TECH.id);
});

async function plannerOf(lang: Lang): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.getByRole('heading', { level: 1, name: text(lang, 'planner.title') }).waitFor();
  return page;
}

/** Goes DAYS_AHEAD days forward with the next-day button; the date applies once the clicks pause. */
async function goToDay(page: Page, lang: Lang, count: number): Promise<void> {
  const next = page.getByRole('button', { name: text(lang, 'planner.next_day') });
  for (let i = 0; i < DAYS_AHEAD; i++) await next.click();
  await page.getByText(text(lang, 'planner.summary', { count, date: formatDay(date, lang) })).waitFor();
}

const unassignedItem = (page: Page, address: string): Locator => page.getByRole('listitem').filter({ hasText: address }).filter({ has: page.getByRole('checkbox') });
const techCard = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

describe('planner', () => {
  it('in French: dispatches the selected shootings, shows km and cost, refuses a locked technician unless forced, unassigns', async () => {
    const lang = 'fr';
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const page = await plannerOf(lang);
    await goToDay(page, lang, BOOKED.length);

    // Every unassigned shooting is selected; the third one is kept back from the dispatch.
    for (const b of BOOKED) {
      const box = page.getByRole('checkbox', { name: t('planner.select_shooting', { address: `${b.address}, ${demoAddress(b.address).city}` }) });
      expect(await box.isChecked()).toBe(true);
    }
    await page.getByRole('checkbox', { name: t('planner.select_shooting', { address: `${byHand.address}, ${demoAddress(byHand.address).city}` }) }).uncheck();
    await page.getByRole('button', { name: t('planner.dispatch'), exact: true }).click();
    await page.getByText(t('planner.dispatch_partial', { n: 2, m: 2 })).waitFor();
    expect(t('planner.dispatch_partial', { n: 2, m: 2 })).toBe('2 / 2 des captures ont été réparties.');

    // The technicians who took them show the day's route, kilometres and cost as the server computes them.
    await expect.poll(() => unassignedItem(page, first.address).count()).toBe(0);
    const figures = await api<Figures>('GET', `/api/planner/figures?date=${date}`, adminToken);
    for (const b of [first, second]) {
      const tech = figures.techs.find((x) => x.route.includes(ids.get(b.address)!));
      expect(tech, b.address).toBeDefined();
      const card = techCard(page, `${tech!.firstname} ${tech!.lastname}`);
      await card.getByText(b.address, { exact: false }).waitFor();
      await card.getByText(formatKm(tech!.km, lang), { exact: true }).waitFor();
      await card.getByText(formatMoney(tech!.cost, lang), { exact: true }).waitFor();
      expect(tech!.km).toBeGreaterThan(0);
    }
    await unassignedItem(page, byHand.address).waitFor();

    // The dispatcher locks Mathieu Caron's day meanwhile; 'Actualiser' shows it.
    await lockDay(date, LOCKED_TECH.id, null);
    await page.getByRole('button', { name: t('planner.refresh') }).click();
    const caron = techCard(page, LOCKED_TECH.name);
    await caron.getByText(t('planner.locked'), { exact: true }).waitFor();

    // Without force: the locked technician is refused with the spec's alert, nothing changes.
    const item = unassignedItem(page, byHand.address);
    const select = item.getByRole('combobox', { name: t('planner.tech_for', { address: `${byHand.address}, ${demoAddress(byHand.address).city}` }) });
    await select.selectOption({ label: t('planner.tech_locked_suffix', { name: LOCKED_TECH.name }) });
    await item.getByRole('button', { name: t('planner.assign') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tech is currently locked for the day!').waitFor();
    await dialog.getByRole('button', { name: t('common.ok') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await caron.getByText(byHand.address, { exact: false }).count()).toBe(0);

    // With 'Assignation forcée' on, the same assignment goes through.
    await page.getByRole('switch', { name: t('planner.force_assign') }).check();
    await item.getByRole('button', { name: t('planner.assign') }).click();
    await page.getByText("L'Assignation a été effectuée avec succès.").waitFor();
    await caron.getByText(byHand.address, { exact: false }).waitFor();
    await expect.poll(() => unassignedItem(page, byHand.address).count()).toBe(0);
    const after = await api<Figures>('GET', `/api/planner/figures?date=${date}`, adminToken);
    expect(after.techs.find((x) => x.tech_id === LOCKED_TECH.id)?.route).toContain(ids.get(byHand.address));

    // And it can be taken back: it returns to the unassigned column.
    await caron.getByRole('button', { name: t('planner.unassign_label', { address: `${byHand.address}, ${demoAddress(byHand.address).city}` }) }).click();
    await unassignedItem(page, byHand.address).waitFor();
    await caron.getByText(t('planner.no_shootings_for_tech')).waitFor();
  });

  it('in English: the planner of the same day dispatches the shooting left', async () => {
    const lang = 'en';
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const page = await plannerOf(lang);
    await goToDay(page, lang, BOOKED.length);
    await unassignedItem(page, byHand.address).waitFor();
    await page.getByRole('button', { name: t('planner.dispatch'), exact: true }).click();
    await page.getByText('1 / 1 of the shootings were dispatched.').waitFor();
    await page.getByText(t('planner.no_unassigned')).waitFor();
  });

  it('a broker keeps the shooting list at /shooting', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    await loginAs(page, Role.broker, 'fr');
    await waitForPath(page, '/deliveries');
    await page.goto('/shooting');
    await page.getByRole('heading', { level: 1, name: text('fr', 'route.shooting') }).waitFor();
    expect(await page.getByText(text('fr', 'planner.title')).count()).toBe(0);
  });
});
