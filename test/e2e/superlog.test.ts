import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { RequestLogRecord } from '#functions/plumbing/request-log.ts';
import { writeRequestLog } from '#functions/storage/request-logs.ts';
import { requestLogRecord } from '../support/request-log-records.ts';
import { logSearchMessage } from '#shared/logs/search.ts';
import { DATE_MAX, DATE_MIN } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 3 screen 14 as an administrator lives it, in French then English: the request-log viewer
 * (search with Enter and Go, help, a bad search said under the box, 500 rows in red, 30-character
 * previews, a row opened on its full values and log lines, sorting, more rows on scroll, the joke on
 * a load error) and the analytics charts.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

/** Records of a user id no account has, a second apart, ending now; a few at a time. */
async function writeFor(uid: number, count: number, over: (i: number) => Partial<RequestLogRecord> = () => ({})): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, j) => start + j);
    await Promise.all(
      batch.map((i) =>
        writeRequestLog(
          requestLogRecord({
            path: `/api/tickets/${i}`,
            route: 'GET /api/tickets/{id}',
            params: { id: String(i) },
            date: new Date(now - i * 1000),
            durationMs: 10 + i,
            user: { id: uid, email: `e2e.${uid}@logs.test` },
            ip: '192.0.2.44',
            ...over(i),
          }),
        ),
      ),
    );
  }
}

async function adminOn(lang: Lang, path: '/superlog' | '/SuperAnalytics', title: string): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: textsIn(lang)(title) }).waitFor();
  return page;
}

const rowsShown = (page: Page) => page.locator('tbody tr[data-log-id]').count();

describe.each(['fr', 'en'] as const)('request-log viewer, in %s', (lang) => {
  const t = textsIn(lang);

  it('searches, shows a failed request in red with its details, and loads more rows on scroll', async () => {
    const failing = 900_000 + randomInt(90_000);
    const marker = `marker-${randomUUID().slice(0, 8)}`;
    await writeFor(failing, 1, () => ({ status: 500, method: 'POST', path: '/api/tickets', body: { description: `Une très longue description ${marker}` }, logs: [['error', `Timeout ${marker}`]] }));
    const unavailable = 900_000 + randomInt(90_000);
    await writeFor(unavailable, 1, () => ({ status: 503, method: 'GET', path: '/api/planner' }));
    const many = 900_000 + randomInt(90_000);
    await writeFor(many, 62);
    const page = await adminOn(lang, '/superlog', 'route.superlog');
    const box = page.getByLabel(t('logs.search'));

    // Help explains the syntax.
    await page.getByRole('button', { name: t('logs.help') }).click();
    await page.getByText(t('logs.help_lines.status')).waitFor();

    // A bad search is refused under the box, nothing is sent, and today's rows (the default search) no longer show.
    await page.locator('tbody tr[data-log-id]').first().waitFor();
    await box.fill('foo:bar');
    await page.getByRole('button', { name: t('logs.go'), exact: true }).click();
    await page.getByText(t('logs.error.unknownKeyword', { word: 'foo' })).waitFor();
    expect(await rowsShown(page)).toBe(0);

    // Enter searches; the 500 row is red, its body shortened to 30 characters of JSON.
    await box.fill(`uid:${failing} status:500`);
    await box.press('Enter');
    const row = page.locator('tbody tr[data-status="500"]');
    await row.waitFor();
    expect(await rowsShown(page)).toBe(1);
    await page.getByText(t('logs.shown', { count: 1, shown: '1' })).waitFor();
    const background = await row.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    const body = JSON.stringify({ description: `Une très longue description ${marker}` });
    await row.getByText(`${body.slice(0, 30)}…`, { exact: true }).waitFor();
    // A click opens the full values and the log lines.
    await row.getByRole('button', { name: '/api/tickets' }).click();
    await page.getByText(`error Timeout ${marker}`).waitFor();
    await page.getByText(marker, { exact: false }).first().waitFor();

    // Only status 500 is flagged: a 503 row keeps the table's colours.
    const redText = await row.evaluate((el) => getComputedStyle(el).color);
    await box.fill(`uid:${unavailable}`);
    await box.press('Enter');
    const other = page.locator('tbody tr[data-status="503"]');
    await other.waitFor();
    await page.mouse.move(0, 0);
    expect(await other.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(background);
    expect(await other.evaluate((el) => getComputedStyle(el).color)).not.toBe(redText);
    // Enter on the same search loads it again: a request logged meanwhile shows.
    expect(await rowsShown(page)).toBe(1);
    await writeFor(unavailable, 1, () => ({ status: 503, method: 'GET', path: '/api/planner' }));
    await box.press('Enter');
    await expect.poll(() => rowsShown(page)).toBe(2);

    // 50 rows, then 12 more once scrolled to the bottom (offset = rows loaded).
    await box.fill(`uid:${many}`);
    await page.getByRole('button', { name: t('logs.go'), exact: true }).click();
    await expect.poll(() => rowsShown(page)).toBe(50);
    await page.locator('tbody tr[data-log-id]').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => rowsShown(page)).toBe(62);
    await page.getByText(t('logs.end')).waitFor();

    // Newest first by date; the Time header sorts by handling time.
    const dateHeader = page.getByRole('columnheader', { name: t('logs.col.date') });
    expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
    const timeHeader = page.getByRole('columnheader', { name: t('logs.col.time') });
    await timeHeader.getByRole('button').click();
    await expect.poll(() => timeHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await page.locator('tbody tr[data-log-id]').first().getByRole('button').textContent()).toBe('/api/tickets/0');

    // A refused search shows no earlier rows under its error: the screen's own refusal, then the server's (400).
    await box.fill('path:/api/listings');
    await box.press('Enter');
    await page.getByText(t('logs.error.unknownKeyword', { word: 'path' })).waitFor();
    expect(await rowsShown(page)).toBe(0);
    // The server's refusal names its code: the screen says it in its own language, not the server's English.
    const refusal = logSearchMessage({ code: 'dateOutOfRange', word: 'du' });
    await page.route('**/api/logs/requests**', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'bad_request', message: refusal, fields: { search: [refusal] }, details: { code: 'dateOutOfRange', word: 'du' } } }) }),
    );
    await box.fill(`uid:${many} status:200`);
    await box.press('Enter');
    await page.getByText(t('logs.error.dateOutOfRange', { word: 'du', from: DATE_MIN, to: DATE_MAX })).waitFor();
    if (lang === 'fr') expect(await page.getByText(refusal).count()).toBe(0);
    expect(await rowsShown(page)).toBe(0);
    expect(await page.getByText(t('logs.none')).count()).toBe(0);
  });

  it('shows the joke instead of the table when the logs cannot be loaded', async () => {
    const page = await adminOn(lang, '/superlog', 'route.superlog');
    await page.route('**/api/logs/requests**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"server_error","message":"Internal error."}}' }));
    const box = page.getByLabel(t('logs.search'));
    await box.fill('status:404');
    await box.press('Enter');
    await page.getByRole('alert').getByText(t('logs.joke_title')).waitFor();
    expect(await page.locator('table').count()).toBe(0);
  });
});

describe.each(['fr', 'en'] as const)('analytics, in %s', (lang) => {
  const t = textsIn(lang);

  it('charts requests and users per day, takes day keywords only, and jokes on a load error', async () => {
    const page = await adminOn(lang, '/SuperAnalytics', 'route.SuperAnalytics');
    await page.getByRole('heading', { level: 2, name: t('logs.requests_per_day') }).waitFor();
    await page.getByRole('heading', { level: 2, name: t('logs.users_per_day') }).waitFor();
    await expect.poll(() => page.locator('[data-chart] canvas').count()).toBe(2);
    // 30 days by default (one row per day in each chart's table for screen readers).
    expect(await page.locator('table caption', { hasText: t('logs.requests_per_day') }).locator('xpath=..').locator('tbody tr').count()).toBe(30);

    const box = page.getByLabel(t('logs.search'));
    await box.fill('status:500');
    await box.press('Enter');
    await page.getByText(t('logs.error.chartsDaysOnly')).waitFor();

    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    await box.fill(`date:${today}`);
    await box.press('Enter');
    await expect.poll(() => page.locator('table caption', { hasText: t('logs.users_per_day') }).locator('xpath=..').locator('tbody tr').count()).toBe(1);

    await page.route('**/api/logs/charts**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"server_error","message":"Internal error."}}' }));
    await box.fill('');
    await box.press('Enter');
    await page.getByRole('alert').getByText(t('logs.joke_title')).waitFor();
  });
});
