import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { hashPassword } from '#functions/plumbing/passwords.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { insertUser, newUserId } from '#functions/storage/users.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { formatNumber } from '../../web/src/i18n/format.ts';
import { useBrowser } from './browser.ts';
import { BROWSER_LOCALE, loginAs, loginIn, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 2 'Technician daily schedule' and 'Capture report' as a capture technician lives them: a
 * technician of this test's own (so no other test's counts move) sees today's card, then
 * tomorrow's with the notice, each with its status (today's captured one with its shoot time
 * against the estimate), and downloads the capture report, whose PDF names the captured address and
 * the spec's columns.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

async function technicianWithDay(lang: Lang) {
  const id = await newUserId();
  const at = new Date().toISOString();
  const password = `pw-${id}-schedule`;
  const email = `schedule${id}@test.example`;
  await insertUser({ id, role: Role.tech_capture, email, firstname: 'Horaire', lastname: `Tech${id}`, password_hash: await hashPassword(password), created_at: at, updated_at: at });
  const today = localDateOf(Date.now());
  const addresses = { today: `${id} rue Aujourdhui ${lang}`, tomorrow: `${id} rue Lendemain ${lang}` };
  for (const [date, address, times] of [
    // Captured (state 1) whatever the hour the test runs at.
    [today, addresses.today, { state: ShootingState.captured, ping_time: `${today}T08:50:00-05:00`, starttime: `${today}T09:00:00-05:00`, endtime: `${today}T10:00:00-05:00` }],
    // Booked and not started: 'planned'.
    [addDays(today, 1), addresses.tomorrow, {}],
  ] as const) {
    const listing = await insertListing({
      address,
      app: '',
      city: 'Montréal',
      postalcode: 'H2X 1Y4',
      room_count: 5,
      is_house: true,
      is_existing_listing: false,
      lat: 45.5,
      lng: -73.57,
      state: 1,
      picture_url: null,
      mls: null,
      broker_id: 999_999,
      broker: { firstname: 'B', lastname: 'Roker' },
      distribution_token: null,
    });
    await insertShooting(
      { id: await newShootingId(), listing_id: listing.id, broker_id: 999_999, scheduleddate: date, am: true, is_confirmed: true, state: ShootingState.confirmed, estimated_duration: 3600, room_count: 5, tech_id: id, created_at: at, updated_at: at, ...times },
      { lat: null, lng: null, reserved_tech_id: null },
    );
  }
  return { email, password, addresses };
}

describe.each(['fr', 'en'] as const)('technician schedule and capture report, in %s', (lang) => {
  const tx = textsIn(lang);

  it("shows today's and tomorrow's cards, and the capture report's PDF names the captures", async () => {
    const tech = await technicianWithDay(lang);
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], timezoneId: 'America/Toronto' });
    await loginIn(page, lang, tech);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/schedule');
    await page.getByRole('heading', { level: 1, name: tx('route.schedule') }).waitFor();
    const todays = page.getByRole('article', { name: tech.addresses.today });
    await todays.waitFor();
    expect(await page.getByText(tx('schedule.tomorrow_notice')).count()).toBe(0);
    // Captured: completed; 70 min from the ping against (5+1)×5.25+25 = 56.5 min for its 5 booked rooms.
    await todays.getByText(tx('schedule.status.completed'), { exact: true }).waitFor();
    const percent = formatNumber(0.24, lang, { style: 'percent', signDisplay: 'exceptZero' });
    await todays.getByText(tx('schedule.shoot_time.over', { percent }), { exact: true }).waitFor();

    await page.getByText(tx('schedule.tomorrow'), { exact: true }).click();
    const tomorrows = page.getByRole('article', { name: tech.addresses.tomorrow });
    await tomorrows.waitFor();
    await tomorrows.getByText(tx('schedule.status.planned'), { exact: true }).waitFor();
    await page.getByText(tx('schedule.tomorrow_notice')).waitFor();
    expect(await page.getByRole('article', { name: tech.addresses.today }).count()).toBe(0);

    await page.goto('/shootReports');
    await page.getByRole('heading', { level: 1, name: tx('route.shootReports') }).waitFor();
    // Today's shooting is captured (ping 8:50, end 10:00), tomorrow's is not yet.
    await page.getByText(tx('reports.count_one', { count: 1 })).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: tx('reports.download') }).click()]);
    const pdf = (await readFile(await download.path())).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(tech.addresses.today);
    expect(pdf).not.toContain(tech.addresses.tomorrow);
    for (const column of ['address', 'date', 'start', 'end', 'total']) expect(pdf).toContain(`(${tx(`reports.col.${column}`)})`);
    expect(pdf).toContain(lang === 'fr' ? '1 h 10' : '1 hr 10 min');
  });

  it("says so when the capture report's technician list fails to load, not a blank page (ADR 0560)", async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], timezoneId: 'America/Toronto' });
    await loginAs(page, Role.admin, lang);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.route((url) => url.pathname === '/api/calendar/photographers', (route) => route.abort());
    await page.goto('/shootReports');
    await page.getByRole('heading', { level: 1, name: tx('route.shootReports') }).waitFor();
    await page.getByRole('alert').getByText(tx('reports.technicians_load_error')).waitFor();
  });
});
