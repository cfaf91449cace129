import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Locator, Page } from 'playwright-core';
import { Role } from '#shared/roles.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { STAFF_LIST_DAYS_BACK, cancelShooting, createShooting } from '#shared/catalogue/shootings.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { lockDay, unlockDay } from '#functions/storage/day-locks.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { PHONE_WIDTH, brokenTableWords, useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE as LOCALE, loginAs, ownDay, text, type Lang } from './fixtures.ts';

/**
 * Part 1 §2.4 to §2.7 as a broker lives them, in English and in French: book a shooting through the
 * wizard and see it pending with its half-day, change its time, cancel another one; a shooting no
 * longer pending offers no change of time.
 */

const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

/** Per language: the address booked, and the seeded pending shooting of the demo broker it cancels. */
const PLAN: Record<Lang, { query: string; street: string; cancels: string; adminCancels: string; adminQuery: string; adminStreet: string; hours: RegExp }> = {
  en: { query: '7000 avenue du parc', street: '7000 Avenue du Parc', cancels: '4500 Rue Saint-Denis', adminCancels: '2500 Rue Beaubien Est', adminQuery: '8200 newman', adminStreet: '8200 Boulevard Newman, Montréal', hours: /^8:30\sa\.m\. – 12:30\sp\.m\.$/ },
  fr: { query: '5100 cote-des-neiges', street: '5100 Chemin de la Côte-des-Neiges', cancels: '250 Boulevard Saint-Martin Ouest', adminCancels: '3200 Rue Wellington', adminQuery: '2100 roland', adminStreet: '2100 Boulevard Roland-Therrien, Longueuil', hours: /^8h30 - 12h30$/ },
};
const SLOT_REASON_KEYS = ['started', 'no_technician', 'full'];
/** Per language: where the broker books the shooting whose first answer is lost (addresses no other browser test books at). */
const LOST_ANSWER: Record<Lang, { query: string; street: string; city: string }> = {
  en: { query: '800 rene-levesque', street: '800 Boulevard René-Lévesque Ouest', city: 'Québec' },
  fr: { query: '50 president-kennedy', street: '50 Route du Président-Kennedy', city: 'Lévis' },
};
/** Per language: where the broker books the shooting the office cancels while its change-time page is open. */
const MEANWHILE_CANCELLED: Record<Lang, string> = { en: '3000 Boulevard de la Concorde Est', fr: '700 Boulevard de Mortagne' };

describe.each(['en', 'fr'] as const)('booking, in %s', (lang) => {
  const t = (key: string, values: Record<string, string | number> = {}) => text(lang, key, values);
  const plan = PLAN[lang];

  async function brokerPage(): Promise<Page> {
    const { page } = await browser.visit({ locale: LOCALE[lang] });
    await loginAs(page, Role.broker, lang);
    await waitForPath(page, '/deliveries');
    return page;
  }

  const row = (page: Page, address: string) => page.getByRole('row').filter({ hasText: address });
  /** The slot radios that can be chosen. */
  const enabledSlots = (page: Page) => page.locator('input[type="radio"][name="time-slot"]:not([disabled])');
  /** Shows one of the list's filters (upcoming, past, cancelled); its label carries a count. */
  const showFilter = async (page: Page, filter: 'upcoming' | 'past' | 'cancelled') => {
    const option = page.getByRole('radio', { name: new RegExp(`^${t(`shootings.filter.${filter}`)} \\(\\d[\\d\u00a0,]*\\)$`) });
    await page.locator(`label[for="${await option.getAttribute('id')}"]`).click();
    await expect.poll(() => option.isChecked()).toBe(true);
  };
  /** Answers the list's next reads with a network failure: what it then shows comes from the mutation's answer. */
  const blockListReads = (page: Page) => page.route((url) => url.pathname === '/api/shootings', (route) => (route.request().method() === 'GET' ? route.abort() : route.continue()));
  /** Every unavailable slot names its reason; hours are in the page's notation. */
  async function expectSlotTable(page: Page): Promise<void> {
    await page.locator('table[aria-busy="false"]').waitFor();
    await page.getByRole('table', { name: t('shootings.time_frame') }).getByText(plan.hours).first().waitFor();
    const reasons = SLOT_REASON_KEYS.map((k) => t(`shootings.slot_reason.${k}`));
    const disabled = await page.locator('input[type="radio"][name="time-slot"][disabled]').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label') ?? ''));
    // The colon as the page's language writes it: 'AM : complet' in French, 'AM: full' in English.
    const colon = t('common.fact_label', { label: '' });
    for (const label of disabled) expect(reasons.some((r) => label.endsWith(`${colon} ${r}`)), label).toBe(true);
  }
  /** 'Tuesday, November 24, 2026, AM' → 'Tuesday, November 24, 2026, morning' as the list writes it. */
  const listDate = (slotLabel: string) => {
    const am = slotLabel.endsWith(`, ${t('shootings.am')}`);
    return `${slotLabel.slice(0, slotLabel.lastIndexOf(', '))}, ${t(am ? 'shootings.morning' : 'shootings.afternoon')}`;
  };

  it('a broker books a shooting through the wizard and sees it pending with its half-day, changes its time, cancels another', async () => {
    const page = await brokerPage();
    await page.goto('/shooting');
    await page.getByRole('heading', { level: 1, name: t('route.shooting') }).waitFor();
    await page.getByRole('main').getByRole('link', { name: t('route.shooting_add') }).click();
    await waitForPath(page, '/shooting/add');

    // Step 1: defaults, then an unsupported city, then an address picked from the suggestions.
    const next = page.getByRole('button', { name: t('shootings.next'), exact: true });
    expect(await page.getByLabel(t('shootings.room_count'), { exact: false }).inputValue()).toBe('4');
    expect(await page.getByRole('radio', { name: t('shootings.house') }).isChecked()).toBe(true);
    expect(await page.getByLabel(t('shootings.existing_listing')).isChecked()).toBe(false);
    expect(await next.isDisabled()).toBe(true);

    const address = page.getByRole('combobox', { name: t('shootings.address') });
    await address.fill('100 wellington nord');
    await page.getByRole('option', { name: /^100 Rue Wellington Nord, Sherbrooke/ }).click();
    await page.getByText(t('bookshooting.city_not_supported')).waitFor();
    expect(await next.isDisabled()).toBe(true);
    // A check that never got its answer does not say the city is unsupported: it says the check failed.
    await page.route('**/api/shootings/validate-city', (route) => route.abort());
    await address.fill(plan.query);
    await page.getByRole('option', { name: new RegExp(`^${plan.street}, Montréal`) }).click();
    await page.getByText(t('bookshooting.city_check_failed')).waitFor();
    expect(await page.getByText(t('bookshooting.city_not_supported')).count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    await page.unroute('**/api/shootings/validate-city');

    await address.fill(plan.query);
    await page.getByRole('option', { name: new RegExp(`^${plan.street}, Montréal`) }).click();
    await expectEnabled(next);
    expect(await page.getByLabel(t('shootings.city'), { exact: false }).inputValue()).toBe('Montréal');
    await page.getByText(`${t('shootings.service_time').replace('{{time}}', '1 h')}`).first().waitFor();
    // A postal code shorter than 6 characters disables Next again.
    const postal = page.getByLabel(t('shootings.postalcode'), { exact: false });
    const code = await postal.inputValue();
    await postal.fill('H2');
    expect(await next.isDisabled()).toBe(true);
    await postal.fill(code);
    await page.getByLabel(t('shootings.note'), { exact: false }).fill('Clé chez le concierge');
    await next.click();
    // Step 2 reminds which address is booked; unavailable slots say why.
    await page.getByTestId('booking-reminder').getByText(new RegExp(`^${plan.street}, Montréal`)).waitFor();
    await expectSlotTable(page);

    // Step 2: the AM/PM table, 7 days at a time, never before today.
    const previous = page.getByRole('button', { name: t('shootings.previous_week'), exact: true });
    await page.getByRole('table', { name: t('shootings.time_frame') }).waitFor();
    expect(await previous.isDisabled()).toBe(true);
    const book = page.getByRole('button', { name: t('shootings.book') });
    expect(await book.isDisabled()).toBe(true);
    await page.getByRole('button', { name: t('shootings.next_week'), exact: true }).click();
    await expectEnabled(previous);
    await previous.click();
    await page.locator('table[aria-busy="false"]').waitFor();
    const chosen = enabledSlots(page).first();
    const chosenLabel = (await chosen.getAttribute('aria-label'))!;
    await chosen.check();
    await book.click();
    await page.getByText(t('bookshooting.thank_you')).waitFor();
    await page.getByRole('link', { name: t('shootings.back_to_list') }).click();
    await waitForPath(page, '/shooting');

    const booked = row(page, plan.street);
    await booked.getByText(t('shootings.status_pending')).waitFor();
    await booked.getByText(listDate(chosenLabel)).waitFor();

    // Change its time: the current slot is a checked, disabled radio marked as current; submit waits for a choice.
    await booked.getByRole('link', { name: t('shootings.change_time') }).click();
    await page.getByText(t('shootings.change_time_notice')).waitFor();
    // Its labels end with the language's colon ('Adresse :' in French).
    const labels = await page.getByRole('main').locator('strong').allInnerTexts();
    expect(labels).toEqual([t('common.fact_label', { label: t('shootings.address') }), t('common.fact_label', { label: t('shootings.room_count') })]);
    expect(labels[0]).toBe(lang === 'fr' ? 'Adresse :' : 'Address:');
    await expectSlotTable(page);
    const current = page.getByRole('radio', { name: `${t('common.fact_label', { label: chosenLabel })} ${t('shootings.slot_current')}`, exact: true });
    expect(await current.count()).toBe(1);
    expect(await current.isChecked()).toBe(true);
    expect(await current.isDisabled()).toBe(true);
    expect(await page.locator('td[data-slot="current"]').textContent()).toContain(t('shootings.slot_current'));
    // On a phone the week's grid scrolls sideways rather than cutting its words ('CU RR EN T').
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    expect(await brokenTableWords(page, `table[aria-label="${t('shootings.time_frame')}"]`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await page.setViewportSize(desktop);
    expect(await page.getByRole('radio', { name: chosenLabel, exact: true }).count()).toBe(0);
    const submit = page.getByRole('button', { name: t('shootings.submit_change') });
    expect(await submit.isDisabled()).toBe(true);
    const other = enabledSlots(page).nth(1);
    const otherLabel = (await other.getAttribute('aria-label'))!;
    await other.check();
    // The broker's pick leaves the original slot checked.
    expect(await current.isChecked()).toBe(true);
    // A change that cannot reach the server says so in red, and the slot is to be chosen again.
    await page.route((url) => /^\/api\/shootings\/\d+\/time$/.test(url.pathname), (route) => route.abort());
    await submit.click();
    const failure = page.getByRole('alert').filter({ hasText: t('shootings.change_time_error') });
    await failure.getByText(t('shootings.change_time_failed.network')).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.unrouteAll();
    await other.check();
    await submit.click();
    await page.getByText(t('shootings.time_changed')).waitFor();
    // The list shows the new time from the change's answer, even when it cannot reload.
    await blockListReads(page);
    await page.getByRole('link', { name: t('shootings.back_to_list') }).click();
    await waitForPath(page, '/shooting');
    await booked.getByText(listDate(otherLabel)).waitFor();
    await page.unrouteAll();

    // Cancel another (seeded) pending shooting: No returns to the list, Yes cancels.
    const another = row(page, plan.cancels);
    await another.getByRole('link', { name: t('shootings.cancel') }).click();
    await page.getByText(t('shootings.cancel_question')).waitFor();
    await page.getByRole('button', { name: t('shootings.no') }).click();
    await waitForPath(page, '/shooting');
    await another.getByRole('link', { name: t('shootings.cancel') }).click();
    await page.getByRole('button', { name: t('shootings.yes') }).click();
    await page.getByText(t('cancelshooting.success')).waitFor();
    // Cancelled at once in the list (from the answer, even when it cannot reload): gone from upcoming, under cancelled.
    await blockListReads(page);
    await page.getByRole('link', { name: t('shootings.back_to_list') }).click();
    await waitForPath(page, '/shooting');
    await booked.waitFor();
    expect(await another.count()).toBe(0);
    await showFilter(page, 'cancelled');
    await another.getByText(t('shootings.status_cancelled')).waitFor();
    expect(await another.getByRole('link').count()).toBe(0);
    expect(await booked.count()).toBe(0);
    await page.unrouteAll();
    await showFilter(page, 'upcoming');
    // The confirmed one shows its exact time and offers nothing.
    const confirmed = row(page, '1000 Rue Sherbrooke Ouest');
    await confirmed.getByText(t('shootings.status_confirmed')).waitFor();
    expect(await confirmed.getByRole('link').count()).toBe(0);
  });

  it('a booking that fails (the time frame was taken meanwhile) returns to the time frame with bookshooting.error', async () => {
    const page = await brokerPage();
    await page.goto('/shooting/add');
    await page.getByRole('combobox', { name: t('shootings.address') }).fill('1200 cartier');
    await page.getByRole('option', { name: /^1200 Avenue Cartier, Québec/ }).click();
    const next = page.getByRole('button', { name: t('shootings.next'), exact: true });
    await expectEnabled(next);
    await next.click();
    await page.locator('table[aria-busy="false"]').waitFor();
    const slot = enabledSlots(page).first();
    const date = localDateOf(Number((await slot.getAttribute('value'))!.split(':')[0]));
    await slot.check();
    // Meanwhile both Québec technicians' day gets locked: nobody can take it any more.
    await lockDay(date, 1014);
    await lockDay(date, 1015);
    try {
      await page.getByRole('button', { name: t('shootings.book') }).click();
      await page.getByRole('alert').filter({ hasText: t('bookshooting.error') }).waitFor();
      await page.getByRole('table', { name: t('shootings.time_frame') }).waitFor();
      expect(await page.getByRole('button', { name: t('shootings.book') }).isDisabled()).toBe(true);
    } finally {
      await unlockDay(date, 1014);
      await unlockDay(date, 1015);
    }
  });

  it('a time frame chosen, then Back and a change of the property: the table opens on this week and Book waits for a new choice', async () => {
    const page = await brokerPage();
    await page.goto('/shooting/add');
    await page.getByRole('combobox', { name: t('shootings.address') }).fill('1200 cartier');
    await page.getByRole('option', { name: /^1200 Avenue Cartier, Québec/ }).click();
    const next = page.getByRole('button', { name: t('shootings.next'), exact: true });
    const book = page.getByRole('button', { name: t('shootings.book') });
    await expectEnabled(next);
    await next.click();
    // A slot of next week: back in step 1 and forward again, the table shows this week, where that slot is not.
    await page.locator('table[aria-busy="false"]').waitFor();
    await page.getByRole('button', { name: t('shootings.next_week'), exact: true }).click();
    await expectEnabled(page.getByRole('button', { name: t('shootings.previous_week'), exact: true }));
    await page.locator('table[aria-busy="false"]').waitFor();
    await enabledSlots(page).first().check();
    await expectEnabled(book);
    await page.getByRole('button', { name: t('shootings.back'), exact: true }).click();
    await page.getByLabel(t('shootings.room_count'), { exact: false }).fill('9');
    await page.locator(`label[for="${await page.getByRole('radio', { name: t('shootings.other') }).getAttribute('id')}"]`).click();
    await expectEnabled(next);
    await next.click();
    await page.locator('table[aria-busy="false"]').waitFor();
    expect(await page.getByRole('button', { name: t('shootings.previous_week'), exact: true }).isDisabled()).toBe(true);
    expect(await page.locator('input[type="radio"][name="time-slot"]:checked').count()).toBe(0);
    expect(await book.isDisabled()).toBe(true);
    // Back alone clears it too; a slot chosen again enables Book.
    await enabledSlots(page).first().check();
    await expectEnabled(book);
    await page.getByRole('button', { name: t('shootings.back'), exact: true }).click();
    await next.click();
    await page.locator('table[aria-busy="false"]').waitFor();
    expect(await page.locator('input[type="radio"][name="time-slot"]:checked').count()).toBe(0);
    expect(await book.isDisabled()).toBe(true);
  });

  it('a booking whose answer was lost (a gateway timeout) and sent again with the same details books once', async () => {
    const place = LOST_ANSWER[lang];
    const page = await brokerPage();
    await page.goto('/shooting/add');
    await page.getByRole('combobox', { name: t('shootings.address') }).fill(place.query);
    await page.getByRole('option', { name: new RegExp(`^${place.street}, ${place.city}`) }).click();
    await expectEnabled(page.getByRole('button', { name: t('shootings.next'), exact: true }));
    await page.getByRole('button', { name: t('shootings.next'), exact: true }).click();
    await page.locator('table[aria-busy="false"]').waitFor();
    const slotValue = (await enabledSlots(page).first().getAttribute('value'))!;

    // The first booking reaches the server and is written, but the browser gets API Gateway's 504.
    let lost = 0;
    await page.route(
      (url) => url.pathname === '/api/shootings',
      async (route) => {
        if (route.request().method() !== 'POST' || lost++ > 0) return route.continue();
        await route.fetch();
        await route.fulfill({ status: 504, contentType: 'application/json', body: '{"message":"Endpoint request timed out"}' });
      },
    );
    await page.locator(`input[name="time-slot"][value="${slotValue}"]`).check();
    await page.getByRole('button', { name: t('shootings.book') }).click();
    await page.getByRole('alert').filter({ hasText: t('bookshooting.error') }).waitFor();

    // The broker picks the same half-day again and books: the answer is the shooting already made.
    await page.locator('table[aria-busy="false"]').waitFor();
    await page.locator(`input[name="time-slot"][value="${slotValue}"]`).check();
    await page.getByRole('button', { name: t('shootings.book') }).click();
    await page.getByText(t('bookshooting.thank_you')).waitFor();
    expect(lost).toBe(2);
    await page.getByRole('link', { name: t('shootings.back_to_list') }).click();
    await waitForPath(page, '/shooting');
    await row(page, place.street).first().waitFor();
    expect(await row(page, place.street).count()).toBe(1);
  });

  it("an administrator sees every broker's shootings and cancels one with a reason of at least 5 characters", async () => {
    const { page } = await browser.visit({ locale: LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.getByRole('tab', { name: t('shootings.tab_list') }).click();
    const theirs = row(page, plan.adminCancels);
    await theirs.getByText(t('shootings.status_pending')).waitFor();
    expect(await theirs.getByRole('link', { name: t('shootings.change_time') }).count()).toBe(0);
    // Its change-time page typed in the address bar says only its broker moves it, with no slot table.
    const cancelHref = (await theirs.getByRole('link', { name: t('shootings.cancel') }).getAttribute('href'))!;
    await page.goto(cancelHref.replace('/shooting/cancel/', '/shooting/changeTime/'));
    await page.getByText(t('shootings.change_time_blocked.not_broker')).waitFor();
    expect(await page.getByRole('table', { name: t('shootings.time_frame') }).count()).toBe(0);
    await page.goto('/shooting?view=list');
    await theirs.getByRole('link', { name: t('shootings.cancel') }).click();
    const yes = page.getByRole('button', { name: t('shootings.yes') });
    await page.getByLabel(t('shootings.cancellation_reason')).fill('Vendu');
    await expectEnabled(yes);
    await page.getByLabel(t('shootings.cancellation_reason')).fill('abc');
    expect(await yes.isDisabled()).toBe(true);
    await page.getByLabel(t('shootings.cancellation_reason')).fill('Propriété vendue');
    await yes.click();
    await page.getByText(t('cancelshooting.success')).waitFor();
    await page.getByRole('link', { name: t('shootings.back_to_list') }).click();
    await showFilter(page, 'cancelled');
    await theirs.getByText(t('shootings.status_cancelled')).waitFor();
  });

  it('an administrator books for a broker they pick: the shooting is the broker’s; post-production staff are not offered booking', async () => {
    const { page } = await browser.visit({ locale: LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/shooting?view=list');
    await page.getByRole('main').getByRole('link', { name: t('route.shooting_add') }).click();
    await waitForPath(page, '/shooting/add');
    const next = page.getByRole('button', { name: t('shootings.next'), exact: true });
    await page.getByRole('combobox', { name: t('shootings.address') }).fill(plan.adminQuery);
    await page.getByRole('option', { name: new RegExp(`^${plan.adminStreet}`) }).click();
    // No broker yet: Next stays disabled.
    await expect.poll(() => page.getByLabel(t('shootings.city'), { exact: false }).inputValue()).not.toBe('');
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: t('shootings.broker') }).fill('dubois');
    await page.getByRole('option', { name: 'Marc Dubois (broker2@demo.immo.test)' }).click();
    await expectEnabled(next);
    await next.click();
    const reminder = page.getByTestId('booking-reminder');
    await reminder.getByText(t('shootings.booking_for_broker', { name: 'Marc Dubois' })).waitFor();
    await expectSlotTable(page);
    await enabledSlots(page).first().check();
    await page.getByRole('button', { name: t('shootings.book') }).click();
    await page.getByText(t('bookshooting.thank_you')).waitFor();
    await page.goto('/shooting?view=list');
    const booked = row(page, plan.adminStreet.split(',')[0]!);
    await booked.getByText(t('shootings.broker_line', { name: 'Marc Dubois' })).first().waitFor();
    await booked.getByText(t('shootings.status_pending')).first().waitFor();

    const { page: postprod } = await browser.visit({ locale: LOCALE[lang] });
    await loginAs(postprod, Role.tech_postprod, lang);
    await postprod.waitForURL((url) => url.pathname !== '/login');
    await postprod.goto('/shooting?view=list');
    await postprod.getByRole('heading', { level: 1, name: t('route.shooting') }).waitFor();
    await postprod.getByRole('radio', { name: new RegExp(`^${t('shootings.filter.upcoming')}`) }).waitFor({ state: 'attached' });
    // The staff's list starts a week back, and says so (its past count is not the whole history).
    await postprod.getByText(t('shootings.staff_window', { count: STAFF_LIST_DAYS_BACK })).waitFor();
    expect(await postprod.getByRole('main').getByRole('link', { name: t('route.shooting_add') }).count()).toBe(0);
    // Typed in the address bar, the booking page says so at once instead of offering the wizard.
    await postprod.goto('/shooting/add');
    await postprod.getByRole('status').getByText(t('shootings.booking_not_for_role')).waitFor();
    expect(await postprod.getByRole('combobox', { name: t('shootings.address') }).count()).toBe(0);
    // So does the cancel page: no question that could only end in a refusal.
    await postprod.goto('/shooting/cancel/1');
    await postprod.getByRole('status').getByText(t('shootings.cancel_not_for_role')).waitFor();
    expect(await postprod.getByRole('button', { name: t('shootings.yes') }).count()).toBe(0);
  });

  it('cancelling a confirmed shooting shows the error banner; the id undefined sends nothing', async () => {
    const page = await brokerPage();
    await page.goto('/shooting');
    const confirmedId = await row(page, '1000 Rue Sherbrooke Ouest').getAttribute('data-shooting-id');
    await page.goto(`/shooting/cancel/${confirmedId}`);
    await page.getByRole('button', { name: t('shootings.yes') }).click();
    await page.getByText(t('cancelshooting.error')).waitFor();
    // The server's refusal, in the page's language.
    await page.getByText(t('shootings.cancel_failed.not_pending')).waitFor();
    await page.getByRole('link', { name: t('shootings.back_to_list') }).waitFor();

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) sent.push(r.url());
    });
    await page.goto('/shooting/cancel/undefined');
    await page.getByRole('button', { name: t('shootings.yes') }).waitFor();
    sent.length = 0;
    await page.getByRole('button', { name: t('shootings.yes') }).click();
    // A request of the test's own, made after the click: once it is seen, any request the click made was seen before it.
    const sentinel = `${baseUrl}/api/after-the-click`;
    await page.evaluate((url) => fetch(url).then(() => undefined), sentinel);
    expect(sent).toEqual([sentinel]);
    await page.getByText(t('shootings.cancel_question')).waitFor();
  });

  it('a shooting no longer pending offers no time frames: confirmed, its page says so; cancelled while its page is open, the change fails in red', async () => {
    const page = await brokerPage();
    await page.goto('/shooting');
    const confirmedId = await row(page, '1000 Rue Sherbrooke Ouest').getAttribute('data-shooting-id');
    await page.goto(`/shooting/changeTime/${confirmedId}`);
    await page.getByText(t('shootings.change_time_blocked.confirmed')).waitFor();
    await page.getByRole('link', { name: t('shootings.back_to_list') }).waitFor();
    expect(await page.getByRole('table', { name: t('shootings.time_frame') }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: t('shootings.submit_change') }).count()).toBe(0);

    // A pending shooting of the broker's own, which the office cancels while its change-time page is open.
    const broker = (await tokenFor(Role.broker)).token;
    const place = demoAddress(MEANWHILE_CANCELLED[lang]);
    const booking = { address: place.address, app: '', city: place.city, postalcode: place.postalcode, is_house: true, room_count: 4, scheduleddate: ownDay(), is_am: true, is_existing_listing: false, note: '', lat: place.lat, lng: place.lng };
    const id = bodyOf(await callOp(createShooting, booking, broker)).data.id;
    await page.goto(`/shooting/changeTime/${id}`);
    await page.getByText(t('shootings.change_time_notice')).waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    // Weeks ahead, its current slot is on the page the picker opens on.
    expect(await page.locator('td[data-slot="current"]').count()).toBe(1);
    await enabledSlots(page).first().check();
    bodyOf(await callOp(cancelShooting, { shooting_id: id, cancellation_reason: 'Propriété vendue' }, (await tokenFor(Role.admin)).token));
    await page.getByRole('button', { name: t('shootings.submit_change') }).click();
    const failure = page.getByRole('alert').filter({ hasText: t('shootings.change_time_error') });
    await failure.getByText(t('shootings.change_time_blocked.cancelled')).waitFor();
    expect(await page.getByRole('table', { name: t('shootings.time_frame') }).count()).toBe(0);
    await page.getByRole('link', { name: t('shootings.back_to_list') }).click();
    await waitForPath(page, '/shooting');
  });
});

async function expectEnabled(locator: Locator): Promise<void> {
  await expect.poll(() => locator.isEnabled(), { timeout: 10_000 }).toBe(true);
}
