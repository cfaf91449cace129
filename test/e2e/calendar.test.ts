import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { removeAvailability, TECHS_PER_CALL_MAX } from '#shared/catalogue/calendar.ts';
import { getRouteFigures } from '#shared/catalogue/planner.ts';
import { validateShootingAvailability } from '#shared/catalogue/shootings.ts';
import { Role } from '#shared/roles.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, ownDay, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 2 'Technician calendar' as an administrator lives it: on a day where the two Québec
 * technicians have no availability (booking slots closed, no planner card), select the day in
 * the month view and give both an availability, then remove one, then drag a morning in the week
 * view into an unavailability for the other; the booking slots and the planner follow (ADR 0155).
 * The calendar is 700 px high, and an availability sits at 12:00 in the week's hours (ADR 0530).
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const QUEBEC = { 1014: 'Jean-Philippe Bédard', 1015: 'Catherine Simard' } as const;

async function adminOnCalendar(lang: Lang): Promise<Page> {
  // A dispatcher's browser six hours ahead of Quebec: the calendar still shows and takes Quebec's days and hours.
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 1400 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e.stack ?? e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.goto('/calendar');
  await page
    .getByRole('heading', { level: 1, name: textsIn(lang)('route.calendar') })
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${(await page.locator('body').innerText()).slice(0, 300)}\n${errors.join('\n').slice(0, 1500)}`);
    });
  return page;
}

async function pickOption(page: Page, dialogName: string, label: string, option: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).click();
  // Close the options list: it covers the dialog's buttons.
  await dialog.getByRole('heading', { name: dialogName }).click();
}

describe.each(['fr', 'en'] as const)('technician calendar, in %s', (lang) => {
  const t = textsIn(lang);

  it('availability for two technicians, then its removal for one, change the booking slots and the planner', async () => {
    const date = ownDay();
    const admin = (await tokenFor(Role.admin)).token;
    for (const id of [1014, 1015]) await callOp(removeAvailability, { user_id: id, date }, admin);
    const place = demoAddress('1200 Avenue Cartier');
    const slots = async () =>
      bodyOf(await callOp(validateShootingAvailability, { address: place.address, is_house: true, room_count: 4, only_360: false, date, days: 1, lat: place.lat, lng: place.lng }, admin)).time_slot.map((s) => s.success);
    const cards = async () => bodyOf(await callOp(getRouteFigures, { date }, admin)).techs.map((x) => x.tech_id);
    expect(await slots()).toEqual([false, false]);
    expect(await cards()).not.toContain(1014);

    const page = await adminOnCalendar(lang);
    // 700 px high on a wide screen, toolbar included (part 2 §9).
    expect(Math.round((await page.locator('.tech-calendar .fc').boundingBox())!.height)).toBe(700);
    // Month view: move on until the day is on screen, click it (a one-day selection).
    const cell = page.locator(`.fc-daygrid-day[data-date="${date}"]`).first();
    for (let i = 0; i < 4 && !(await cell.count()); i++) await page.locator('.fc-next-button').click();
    // The top band of the cell, above its events (a click on an event opens that event instead).
    await cell.click({ position: { x: 6, y: 6 } });
    const newAvailability = t('calendar.new_availability');
    await page.getByRole('dialog', { name: newAvailability }).waitFor();
    // One call takes at most TECHS_PER_CALL_MAX technicians: the choice says so in the page's language.
    await page.getByRole('dialog', { name: newAvailability }).getByText(t('calendar.pick_max', { max: TECHS_PER_CALL_MAX })).waitFor();
    for (const name of Object.values(QUEBEC)) await pickOption(page, newAvailability, t('calendar.pick_technicians'), name);
    await page.getByRole('dialog', { name: newAvailability }).getByRole('button', { name: t('calendar.save') }).click();
    await page.getByRole('status').getByText(t('calendar.added')).waitFor();
    await expect.poll(slots).toEqual([true, true]);
    expect(await cards()).toEqual(expect.arrayContaining([1014, 1015]));

    // Removing Simard's availability again (click it, confirm) leaves Bédard: the slots stay open.
    await cell.locator('.fc-daygrid-event', { hasText: QUEBEC[1015] }).first().click();
    await page.getByRole('dialog', { name: t('calendar.remove_availability') }).getByRole('button', { name: t('calendar.remove') }).click();
    await page.getByRole('status').getByText(t('calendar.removed')).waitFor();
    expect(await cards()).not.toContain(1015);
    expect(await slots()).toEqual([true, true]);

    // Week view: drag over 08:00–13:00 of the day (a time selection) and make it Bédard's
    // unavailability. He is the only one left that day: the morning slot closes, the afternoon stays.
    // The toolbar speaks the screen's language (FullCalendar's own words are English, lower case).
    expect(await page.locator('.fc-toolbar button').allInnerTexts()).toEqual(['prev', 'next', 'today', 'month', 'week', 'day'].map((b) => t(`calendar.toolbar.${b}`)));
    await page.getByRole('button', { name: t('calendar.toolbar.week') }).click();
    const column = page.locator(`.fc-timegrid-col[data-date="${date}"]`);
    for (let i = 0; i < 8 && !(await column.count()); i++) await page.locator('.fc-next-button').click();
    const yOf = async (time: string) => (await page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!;

    // Bédard's availability is in the day's hours at 12:00, not in the all-day row (part 2 §9).
    await page.locator('.fc-timegrid-slot-lane[data-time="12:00:00"]').evaluate((lane) => lane.scrollIntoView({ block: 'center' }));
    const available = column.locator('.cal-available', { hasText: QUEBEC[1014] }).first();
    await available.waitFor();
    expect(Math.abs((await available.boundingBox())!.y - (await yOf('12:00:00')).y)).toBeLessThanOrEqual(2);
    expect(await page.locator(`.fc-daygrid-day[data-date="${date}"] .cal-available`).count()).toBe(0);

    const newUnavailability = t('calendar.new_unavailability');
    const dialog = page.getByRole('dialog', { name: newUnavailability });
    // Measure once the week's schedule has arrived, and again before each new try, as a user's eye would.
    for (let attempt = 1; ; attempt++) {
      await page.waitForLoadState('networkidle');
      // Mid-morning in the middle of the calendar's hours: 08:00 and 12:30 both on screen.
      await page.locator('.fc-timegrid-slot-lane[data-time="10:00:00"]').evaluate((lane) => lane.scrollIntoView({ block: 'center' }));
      const x = (await column.boundingBox())!;
      const from = await yOf('08:00:00');
      const to = await yOf('12:30:00');
      await page.mouse.move(x.x + x.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(x.x + x.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.mouse.up();
      const opened = await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (opened || attempt === 3) break;
    }
    await dialog.waitFor();
    await pickOption(page, newUnavailability, t('calendar.pick_technician'), QUEBEC[1014]);
    await dialog.getByRole('button', { name: t('calendar.save') }).click();
    await page.getByRole('status').getByText(t('calendar.unavailability_added')).waitFor();
    const unavailable = column.locator('.cal-unavailable', { hasText: QUEBEC[1014] }).first();
    await unavailable.waitFor();
    // Its hours as the app writes times, in the screen's language.
    expect(await unavailable.locator('.fc-event-time').innerText()).toMatch(lang === 'fr' ? /^8h00 - 1[23]h[03]0$/ : /^8:00 a\.m\. – 1[2]:[03]0 p\.m\.$|^8:00 a\.m\. – 1:00 p\.m\.$/);
    await expect.poll(slots).toEqual([false, true]);
  });
});
