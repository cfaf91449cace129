import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Locator, Page } from 'playwright-core';
import { dayStartMs, daysBetween, localDateOf } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { unlockDay } from '#functions/storage/day-locks.ts';
import { activeUsersOfRole, getUser } from '#functions/storage/users.ts';
import { addAvailabilities, removeAvailability } from '#functions/storage/availabilities.ts';
import type { ShootingRecord } from '#shared/entities/shooting.ts';
import { cancelShooting, getShootingItem, insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { DEMO_PASSWORD, demoAccount } from '../../scripts/local/demo-accounts.ts';
import { PLANNING_BROKERS } from '../../scripts/local/seed/planning-world.ts';
import { formatDay, formatKm, formatMoney } from '../../web/src/i18n/format.ts';
import { outboxMails } from '../support/outbox.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, text, type Lang } from './fixtures.ts';

/**
 * Part 2 'Shooting planner' as a dispatcher lives it (docs/decisions/0170-planner-board.md): on a
 * day of the test's own, an administrator dispatches, locks a technician's day, drags shootings
 * with the mouse and with the keyboard onto a free, a busy and a locked technician, with and
 * without 'Assignation forcée', unlocks, resets a forced flag and takes a shooting back by
 * dropping it on the unassigned column; then in English.
 */

const baseUrl = ownStack().baseUrl;
const date = ownDay();
const DAYS_AHEAD = daysBetween(localDateOf(Date.now()), date);
const BOOKED = {
  dispatched: '8200 Boulevard Newman',
  byMouse: '6000 Boulevard Saint-Laurent',
  byKeyboard: '12000 Boulevard Gouin Ouest',
  /** Re-planned below as timed shootings (09:00 held by the busy technician, 09:30 unassigned). */
  held: '4500 Rue Saint-Denis',
  timed: '6000 Boulevard Taschereau',
} as const;
const FREE = { id: 1010, name: 'Olivier Bélanger' };
const BUSY = { id: 1007, name: 'Isabelle Fournier' };
const LOCKED = { id: 1006, name: 'Mathieu Caron' };
const label = (address: string) => `${address}, ${demoAddress(address).city}`;

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
interface Board {
  shootings: Array<{ id: number; tech_id: number | null; force_assigned: boolean; listing: { address: string } }>;
}

const browser = useBrowser(baseUrl);
let adminToken: string;
let freeEmail: string;
const ids = new Map<string, number>();
const at = (hours: number) => new Date(dayStartMs(date) + hours * 3600_000).toISOString();

/** A copy of a booked shooting, with these changes and no technician held for it, replaces it (the original is cancelled). */
async function copyOf(shootingId: number, changes: Partial<ShootingRecord> = {}): Promise<number> {
  const booked = (await getShootingItem(shootingId))!;
  const { version: _v, lat, lng, reserved_tech_id: _r, ...record } = booked;
  const id = await newShootingId();
  await insertShooting({ ...record, ...changes, id }, { lat, lng, reserved_tech_id: null });
  await cancelShooting(booked, 'replaced by a copy (test)', demoAccount(Role.admin).id);
  return id;
}

/** A booked shooting given a start time (and a technician). */
const timedCopy = (address: string, start: number, techId: number | null) => copyOf(ids.get(address)!, { starttime: at(start), endtime: null, tech_id: techId, is_confirmed: true, state: 6 });

/** Books a shooting at this address and day as the planning world's first broker does. */
async function bookAt(address: string, day: string): Promise<number> {
  const p = demoAddress(address);
  const booked = await api<{ data: { id: number } }>('POST', '/api/shootings', await tokenOf(PLANNING_BROKERS[0].email), {
    address: p.address,
    app: '',
    city: p.city,
    postalcode: p.postalcode,
    is_house: false,
    room_count: 4,
    scheduleddate: day,
    is_am: true,
    is_existing_listing: false,
    note: '',
    lat: p.lat,
    lng: p.lng,
  });
  return booked.data.id;
}

beforeAll(async () => {
  adminToken = await tokenOf(demoAccount(Role.admin).email);
  freeEmail = (await getUser(FREE.id))!.email;
  for (const address of Object.values(BOOKED)) ids.set(address, await bookAt(address, date));
  ids.set(BOOKED.held, await timedCopy(BOOKED.held, 9, BUSY.id));
  ids.set(BOOKED.timed, await timedCopy(BOOKED.timed, 9.5, null));
});
afterAll(async () => {
  await unlockDay(date, LOCKED.id);
});

async function plannerOf(lang: Lang): Promise<Page> {
  // Tall enough for every technician's card to be on screen while dragging with the mouse.
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: { width: 1440, height: 4000 } });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.getByRole('heading', { level: 1, name: text(lang, 'planner.title') }).waitFor();
  // The tab says the screen's title too (part 2 §2: 'Planification des captures'), not the brokers' list's.
  await expect.poll(() => page.title()).toBe(`${text(lang, 'planner.title')} · ${text(lang, 'app.name')}`);
  return page;
}

async function goToDay(page: Page, lang: Lang, count: number, day = date): Promise<void> {
  const next = page.getByRole('button', { name: text(lang, 'planner.next_day') });
  const summary = page.getByTestId('planner-summary');
  await summary.waitFor();
  await next.click();
  // The date field reads the next day at once; the board of the day before is not shown as the new day's.
  expect(await summary.count()).toBe(0);
  for (let i = 1; i < daysBetween(localDateOf(Date.now()), day); i++) await next.click();
  await page.getByText(text(lang, 'planner.summary', { count, date: formatDay(day, lang) })).waitFor();
}

const techCard = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const unassignedColumn = (page: Page, lang: Lang): Locator => page.getByRole('region', { name: text(lang, 'planner.unassigned_title'), exact: true });
const handle = (page: Page, lang: Lang, address: string): Locator => page.getByRole('button', { name: text(lang, 'planner.drag_label', { address: label(address) }), exact: true });
/** The board's live region (dnd-kit's own stays silent: docs/decisions/0285). */
const liveRegion = (page: Page): Locator => page.locator('#planner-live-region');

/** Drags with the mouse; `during` runs while the shooting hovers over the target, before the drop. */
async function mouseDrag(page: Page, from: Locator, to: Locator, during?: () => Promise<void>): Promise<void> {
  // Pressed as soon as the previous drop shows its result: the dropped card's copy, still gliding
  // back over the board for 250 ms, must not take the press (it did, on a fast machine).
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  // The drop zones show their state once the drag starts (the cards grow): aim after that.
  await page.locator('[data-drop-tone]').first().waitFor();
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + 30, { steps: 12 });
  await during?.();
  await page.mouse.up();
}

/** Picks a shooting up with the keyboard and steps with the arrows until the announcement names the zone. */
async function keyboardDragTo(page: Page, from: Locator, zone: string, during?: () => Promise<void>): Promise<void> {
  await from.focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('ArrowDown');
    // The arrow key itself names its zone (docs/decisions/0285): read at once, as a fast
    // screen-reader user hears it; the short pause is a settle for a loaded machine, not a wait.
    await page.waitForTimeout(30);
    if ((await liveRegion(page).textContent())?.includes(zone)) break;
  }
  expect(await liveRegion(page).textContent()).toContain(zone);
  await during?.();
  await page.keyboard.press('Space');
}

describe('planner', () => {
  it('in French: drags onto a free, a busy and a locked technician with mouse and keyboard, with and without force; locks and unlocks', async () => {
    const lang = 'fr';
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const page = await plannerOf(lang);
    await goToDay(page, lang, Object.keys(BOOKED).length);

    // The busy technician's card shows the 09:00 shooting they hold; the timed one waits on the right.
    await techCard(page, BUSY.name).getByText(label(BOOKED.held)).waitFor();
    await unassignedColumn(page, lang).getByText(label(BOOKED.timed)).waitFor();

    // Lock Mathieu Caron's day with his card's toggle (the dispatch then leaves him out).
    const lockSwitch = techCard(page, LOCKED.name).getByRole('switch', { name: t('planner.lock_label', { name: LOCKED.name }) });
    // A lock the server refuses with another write's 409 says the lock did not change, never that the day cannot be unlocked.
    await page.route('**/api/planner/locks', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'conflict', message: 'The data changed meanwhile; reload and try again.' } }) }),
    );
    await lockSwitch.click();
    await page.getByText(t('planner.lock_error')).waitFor();
    expect(await page.getByText(t('planner.unlock_failed')).count()).toBe(0);
    await page.unroute('**/api/planner/locks');
    await lockSwitch.click();
    await page.getByText(t('planner.lock_success')).waitFor();
    await expect.poll(() => lockSwitch.isChecked(), { timeout: 15_000 }).toBe(true);
    expect((await api<{ locks: Array<{ tech_id: number }> }>('GET', `/api/planner/locks?date=${date}`, adminToken)).locks.map((l) => l.tech_id)).toContain(LOCKED.id);

    // Dispatch one shooting: kilometres and cost as the server computes them.
    const column = unassignedColumn(page, lang);
    for (const address of [BOOKED.byMouse, BOOKED.byKeyboard, BOOKED.timed]) await column.getByRole('checkbox', { name: t('planner.select_shooting', { address: label(address) }) }).uncheck();
    await column.getByRole('button', { name: t('planner.dispatch'), exact: true }).click();
    // The dispatch runs the Step Functions workflow: on a loaded machine it takes a while.
    await page.getByText(t('planner.dispatch_partial', { n: 1, m: 1 })).waitFor({ timeout: 60_000 });
    await expect.poll(() => column.getByText(label(BOOKED.dispatched)).count(), { timeout: 15_000 }).toBe(0);
    const figures = await api<Figures>('GET', `/api/planner/figures?date=${date}`, adminToken);
    const taker = figures.techs.find((x) => x.route.includes(ids.get(BOOKED.dispatched)!))!;
    const takerCard = techCard(page, `${taker.firstname} ${taker.lastname}`);
    await takerCard.getByText(label(BOOKED.dispatched)).waitFor();
    await takerCard.getByText(formatKm(taker.km, lang), { exact: true }).waitFor();
    await takerCard.getByText(formatMoney(taker.cost, lang), { exact: true }).waitFor();

    // Mouse, free technician: green, and the drop assigns.
    await mouseDrag(page, handle(page, lang, BOOKED.byMouse), techCard(page, FREE.name), async () => {
      expect(await techCard(page, FREE.name).getAttribute('data-drop-tone')).toBe('free');
      expect(await techCard(page, LOCKED.name).getAttribute('data-drop-tone')).toBe('locked');
      await techCard(page, LOCKED.name).getByText(t('planner.tone.locked')).waitFor();
    });
    await page.getByText("L'Assignation a été effectuée avec succès.").waitFor();
    await techCard(page, FREE.name).getByText(label(BOOKED.byMouse)).waitFor();

    // Mouse, busy technician (a shooting at 09:00, this one at 09:30): red, and the drop is ignored.
    await mouseDrag(page, handle(page, lang, BOOKED.timed), techCard(page, BUSY.name), async () => {
      expect(await techCard(page, BUSY.name).getAttribute('data-drop-tone')).toBe('busy');
      await techCard(page, BUSY.name).getByText(t('planner.tone.busy')).waitFor();
    });
    await expect.poll(() => techCard(page, BUSY.name).getAttribute('data-drop-tone'), { timeout: 15_000 }).toBeNull();
    expect(await column.getByText(label(BOOKED.timed)).count()).toBe(1);
    expect((await getShootingItem(ids.get(BOOKED.timed)!))?.tech_id).toBeNull();

    // Keyboard, locked technician: refused with the spec's alert (in the page's language), nothing changes. The handle says what it is in the page's language.
    expect(await handle(page, lang, BOOKED.byKeyboard).getAttribute('aria-roledescription')).toBe(t('planner.dnd.roledescription'));
    await keyboardDragTo(page, handle(page, lang, BOOKED.byKeyboard), LOCKED.name);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t('planner.locked_alert')).waitFor();
    await dialog.getByRole('button', { name: t('common.ok') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await getShootingItem(ids.get(BOOKED.byKeyboard)!))?.tech_id).toBeNull();

    // With 'Assignation forcée' every zone is green: the keyboard drop on the locked technician goes through…
    await page.getByRole('switch', { name: t('planner.force_assign') }).check();
    await keyboardDragTo(page, handle(page, lang, BOOKED.byKeyboard), LOCKED.name, async () => {
      expect(await techCard(page, LOCKED.name).getAttribute('data-drop-tone')).toBe('free');
      expect(await techCard(page, BUSY.name).getAttribute('data-drop-tone')).toBe('free');
    });
    await page.getByText("L'Assignation a été effectuée avec succès.").waitFor();
    const locked = techCard(page, LOCKED.name);
    await locked.getByText(label(BOOKED.byKeyboard)).waitFor();
    await locked.getByText(t('planner.forced'), { exact: true }).waitFor();

    // …and so does the mouse drop on the busy one.
    await mouseDrag(page, handle(page, lang, BOOKED.timed), techCard(page, BUSY.name));
    await techCard(page, BUSY.name).getByText(label(BOOKED.timed)).waitFor();
    expect((await getShootingItem(ids.get(BOOKED.timed)!))).toMatchObject({ tech_id: BUSY.id, force_assigned: true });
    await page.getByRole('switch', { name: t('planner.force_assign') }).uncheck();

    // Unlock: his one shooting fits his day. Then its forced flag can go.
    await lockSwitch.click();
    await page.getByText(t('planner.unlock_success')).waitFor();
    await expect.poll(() => lockSwitch.isChecked(), { timeout: 15_000 }).toBe(false);
    await locked.getByRole('button', { name: t('planner.reset_flag_label', { address: label(BOOKED.byKeyboard) }) }).click();
    await page.getByText('La réinitilisation a été effectuée avec succès.').waitFor();
    await expect.poll(() => locked.getByText(t('planner.forced'), { exact: true }).count(), { timeout: 15_000 }).toBe(0);

    // A drop on the unassigned column takes a shooting back.
    await mouseDrag(page, handle(page, lang, BOOKED.byMouse), column);
    await page.getByText(t('planner.unassign_success')).waitFor();
    await column.getByText(label(BOOKED.byMouse)).waitFor();
    await expect.poll(() => techCard(page, FREE.name).getByText(label(BOOKED.byMouse)).count(), { timeout: 15_000 }).toBe(0);
  });

  it('in English: the keyboard drag is announced in English and assigns to a free technician', async () => {
    const lang = 'en';
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const page = await plannerOf(lang);
    await goToDay(page, lang, Object.keys(BOOKED).length);
    const from = handle(page, lang, BOOKED.byMouse);
    await from.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion(page).textContent(), { timeout: 15_000 }).toContain(t('planner.dnd.start', { address: label(BOOKED.byMouse) }));
    // Escape cancels: dnd-kit listens for the drag's keys from the task after the pick-up, and
    // Chromium runs input before timers, so an Escape sent at once can come first; pressed again then.
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return liveRegion(page).textContent();
      })
      .toBe(t('planner.dnd.cancel', { address: label(BOOKED.byMouse) }));
    await keyboardDragTo(page, from, FREE.name);
    await page.getByText(t('planner.assign_success')).waitFor();
    await techCard(page, FREE.name).getByText(label(BOOKED.byMouse)).waitFor();
    const board = await api<Board>('GET', `/api/planner/day?date=${date}`, adminToken);
    expect(board.shootings.find((s) => s.id === ids.get(BOOKED.byMouse))?.tech_id).toBe(FREE.id);

    // Part 2 'open invoices': once billable, the shooting's invoice opens from its technician's card.
    const card = techCard(page, FREE.name);
    await card.getByRole('button', { name: t('planner.billable_label', { address: label(BOOKED.byMouse) }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: t('common.ok') }).click();
    await page.getByText(t('planner.billable_success')).waitFor();
    await card.getByRole('button', { name: t('planner.invoices_label', { name: FREE.name }) }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label(BOOKED.byMouse) }).click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-IM-\d{4}-\d{6}\.pdf$/);

    // Part 2 §7 sendShootingReminderToPhotographers: each photographer with shootings that day is mailed them, once confirmed.
    await page.getByRole('button', { name: t('planner.remind') }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(t('planner.remind_confirm', { date: formatDay(date, lang) })).waitFor();
    await confirm.getByRole('button', { name: t('common.ok') }).click();
    const done = page.getByText(/^The reminder for .+ was e-mailed to /);
    await done.waitFor();
    const reminders = outboxMails().filter((m) => m.subject.endsWith(`Reminder: your shootings on ${formatDay(date, lang)}`));
    expect(await done.textContent()).toBe(t('planner.remind_sent', { count: reminders.length, date: formatDay(date, lang) }));
    const free = reminders.find((m) => m.to === freeEmail);
    expect(free?.text).toContain(`— ${label(BOOKED.byMouse)} (shooting no. ${ids.get(BOOKED.byMouse)})`);

    // A past day's reminders are refused by the server (422): its button is disabled, and today's is not.
    const previous = page.getByRole('button', { name: t('planner.previous_day') });
    for (let i = 0; i < DAYS_AHEAD; i++) await previous.click();
    await page.getByTestId('planner-summary').waitFor();
    expect(await page.getByRole('button', { name: t('planner.remind') }).isDisabled()).toBe(false);
    await previous.click();
    await page.getByTestId('planner-summary').waitFor();
    expect(await page.getByRole('button', { name: t('planner.remind') }).isDisabled()).toBe(true);
  });

  it("in French: on a day nobody works, 'Répartir' answers that no technician is available (part 2 'Dispatch, none')", async () => {
    const lang = 'fr';
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const day = ownDay();
    const address = '1200 Avenue Cartier';
    // Booked while the technicians work, then their day taken away: the shooting waits, unassigned, with nobody to take it.
    await copyOf(await bookAt(address, day));
    const technicians = (await activeUsersOfRole(Role.tech_capture)).map((u) => u.id);
    const removed: number[] = [];
    for (const id of technicians) if (await removeAvailability(id, day)) removed.push(id);
    try {
      const page = await plannerOf(lang);
      await goToDay(page, lang, 1, day);
      await page.getByText(t('planner.no_tech')).waitFor();
      const column = unassignedColumn(page, lang);
      await column.getByText(label(address)).waitFor();
      await column.getByRole('button', { name: t('planner.dispatch'), exact: true }).click();
      await page.getByText(t('planner.dispatch_none')).waitFor({ timeout: 60_000 });
      await column.getByText(t('planner.unserved', { reason: t('planner.reason.unavailable') })).waitFor();
    } finally {
      await addAvailabilities(removed, [day]);
    }
  });

  it('a broker keeps the shooting list at /shooting', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.fr });
    await loginAs(page, Role.broker, 'fr');
    await waitForPath(page, '/deliveries');
    await page.goto('/shooting');
    await page.getByRole('heading', { level: 1, name: text('fr', 'route.shooting') }).waitFor();
    expect(await page.getByText(text('fr', 'planner.title')).count()).toBe(0);
    expect(await page.title()).toBe(`${text('fr', 'route.shooting')} · ${text('fr', 'app.name')}`);
  });
});
