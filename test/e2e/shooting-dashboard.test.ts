import { beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { addAvailabilities } from '#functions/storage/availabilities.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { insertUser, newUserId } from '#functions/storage/users.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { daysBetween, localDateOf } from '#shared/rules/business-time.ts';
import { formatDay } from '../../web/src/i18n/format.ts';
import { PHONE_WIDTH, useBrowser, widestElement } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, textsIn } from './fixtures.ts';

/**
 * Part 2 'Shooting dashboard' as staff read it: on a day of the test's own, a technician of the
 * test's own who holds four shootings shows them as cards, three per row on a wide screen, one per
 * row on a phone; another one, available that day with nothing assigned, 'has no shootings'. Each
 * card shows its status: the captured one 'completed', a confirmed one not started 'planned'
 * (docs/decisions/0525). A shooting held by a technician suspended since shows under them.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const date = ownDay();
const DAYS_AHEAD = daysBetween(localDateOf(Date.now()), date);

const busy = { id: 0, name: '' };
const idle = { id: 0, name: '' };
const away = { id: 0, name: '' };
const addresses: string[] = [];
let awayAddress = '';

async function technician(lastname: string, suspended = false): Promise<{ id: number; name: string }> {
  const id = await newUserId();
  const at = new Date().toISOString();
  await insertUser({
    id,
    role: Role.tech_capture,
    email: `dash${id}@test.example`,
    firstname: 'Tableau',
    lastname: `${lastname}${id}`,
    password_hash: 'not-a-login',
    suspended,
    home: { lat: 46.81, lng: -71.22, address: '10 rue du Départ, Québec' },
    created_at: at,
    updated_at: at,
  });
  return { id, name: `Tableau ${lastname}${id}` };
}

beforeAll(async () => {
  Object.assign(busy, await technician('Occupé'));
  Object.assign(idle, await technician('Libre'));
  Object.assign(away, await technician('Suspendu', true));
  await addAvailabilities([busy.id, idle.id], [date]);
  const at = new Date().toISOString();
  for (let k = 0; k < 5; k++) {
    // The fifth is held by a technician suspended since: not on the planner's day, still theirs.
    const holder = k < 4 ? busy : away;
    const address = `${holder.id}${k} rue du Tableau`;
    if (k < 4) addresses.push(address);
    else awayAddress = address;
    const listing = await insertListing({
      address,
      app: '',
      city: 'Québec',
      postalcode: 'G1R 1A1',
      room_count: 3 + k,
      is_house: true,
      is_existing_listing: false,
      lat: 46.8 + k / 100,
      lng: -71.2,
      state: 1,
      picture_url: null,
      mls: null,
      broker_id: 999_997,
      broker: { firstname: 'Dash', lastname: 'Broker' },
      distribution_token: null,
    });
    await insertShooting(
      { id: await newShootingId(), listing_id: listing.id, broker_id: 999_997, scheduleddate: date, am: k < 2, is_confirmed: true, state: k === 0 ? ShootingState.captured : ShootingState.confirmed, estimated_duration: 3600, room_count: 3 + k, tech_id: holder.id, created_at: at, updated_at: at },
      { lat: null, lng: null, reserved_tech_id: null },
    );
  }
});

describe.each(['fr', 'en'] as const)('/shootingdashboard in %s', (lang) => {
  const tx = textsIn(lang);

  it("opens the date picker's calendar in the page's language", async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], timezoneId: 'America/Toronto' });
    await loginAs(page, Role.admin, lang);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/shootingdashboard');
    await page.getByRole('button', { name: tx('shootingdashboard.date') }).click();
    // Mantine's calendar is English unless told: the month, and the arrows' names, follow the page.
    const month = new Intl.DateTimeFormat(BROWSER_LOCALE[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${localDateOf(Date.now())}T12:00:00Z`));
    // (Mantine's header capitalises its first letter: 'Novembre 2026'.)
    expect((await page.getByRole('button', { name: tx('common.calendar.choose_month') }).innerText()).trim().toLowerCase()).toBe(month.toLowerCase());
    await page.getByRole('button', { name: tx('common.calendar.previous_month') }).waitFor();
    await page.getByRole('button', { name: tx('common.calendar.next_month') }).waitFor();
  });

  it("shows per technician a card grid, 3 per row on a wide screen, or 'has no shootings'", async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], timezoneId: 'America/Toronto', viewport: { width: 1400, height: 1000 } });
    await loginAs(page, Role.admin, lang);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/shootingdashboard');
    await page.getByRole('heading', { level: 1, name: tx('route.shootingdashboard') }).waitFor();
    for (let k = 0; k < DAYS_AHEAD; k++) await page.getByRole('button', { name: tx('planner.next_day') }).click();
    await page.getByTestId('dashboard-date').filter({ hasText: formatDay(date, lang) }).waitFor();

    const busySection = page.getByRole('region', { name: busy.name });
    await busySection.getByRole('heading', { name: busy.name }).waitFor();
    const cards = busySection.getByRole('article');
    await cards.nth(3).waitFor();
    expect(await cards.count()).toBe(4);
    for (const address of addresses) expect(await busySection.getByRole('article', { name: address }).count()).toBe(1);
    await busySection.getByRole('article', { name: addresses[0] }).getByText(tx('shootingdashboard.status.completed'), { exact: true }).waitFor();
    await busySection.getByRole('article', { name: addresses[3] }).getByText(tx('shootingdashboard.status.planned'), { exact: true }).waitFor();
    // Three per row: the first three share a row, the fourth starts the next one.
    const tops = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!.y));
    expect(new Set(tops.slice(0, 3).map(Math.round)).size).toBe(1);
    expect(tops[3]!).toBeGreaterThan(tops[0]!);

    const idleSection = page.getByRole('region', { name: idle.name });
    await idleSection.getByText(tx('shootingdashboard.no_shootings'), { exact: true }).waitFor();
    expect(await idleSection.getByRole('article').count()).toBe(0);

    // A suspended technician does not work the day, yet the shooting they hold shows under them.
    const awaySection = page.getByRole('region', { name: away.name });
    await awaySection.getByText(tx('shootingdashboard.not_working'), { exact: true }).waitFor();
    await awaySection.getByRole('article', { name: awayAddress }).waitFor();

    // On a phone: one card per row, nothing wider than the screen.
    await page.setViewportSize({ width: PHONE_WIDTH, height: 900 });
    await cards.nth(1).waitFor();
    const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    // The layout may still be settling after the resize (the menu folding away).
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect.poll(overflow, { timeout: 3_000 }).toBeLessThanOrEqual(0).catch(() => undefined);
    expect(await overflow(), await widestElement(page)).toBeLessThanOrEqual(0);
  });
});
