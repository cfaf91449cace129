import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginIn, text, type Lang } from './fixtures.ts';

const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

async function brokerIn(lang: Lang): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginIn(page, lang, demoAccount(Role.broker));
  await waitForPath(page, '/deliveries');
  return page;
}

describe.each(['en', 'fr'] as const)('tickets, in %s', (lang) => {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  it('a broker opens a ticket, adds a follow-up, resolves and reopens it', async () => {
    const page = await brokerIn(lang);
    await page.goto('/tickets');
    await page.getByRole('heading', { level: 1, name: t('route.tickets') }).waitFor();
    const openGroup = page.getByRole('region', { name: t('tickets.open_group') });
    const closedGroup = page.getByRole('region', { name: t('tickets.closed_group') });
    // Seeded: urgent tickets tinted red, closed ones greyed.
    const urgent = openGroup.locator('tr[data-urgency="3"]').first();
    expect(await urgent.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await closedGroup.locator('tbody tr').count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: t('tickets.new') }).click();
    await waitForPath(page, '/tickets/add');
    await page.getByLabel(t('tickets.problem_type_label')).selectOption('hardware');
    await page.getByLabel(t('tickets.urgency_label')).selectOption('2');
    const subject = `Imprimante en panne ${lang} ${Date.now()}`;
    await page.getByLabel(t('tickets.subject')).fill(subject);
    expect(await page.getByLabel(t('tickets.description')).getAttribute('rows')).toBe('5');
    // The inputs stop where the server does: a pasted 6,000-character log is cut at 5,000, not refused in silence.
    await page.getByLabel(t('tickets.description')).fill('x'.repeat(6000));
    expect((await page.getByLabel(t('tickets.description')).inputValue()).length).toBe(5000);
    await page.getByLabel(t('tickets.description')).fill('Elle ne répond plus.\nDepuis ce matin.');
    await page.getByRole('button', { name: t('tickets.create') }).click();
    await page.getByText(t('tickets.created')).waitFor();
    await page.getByRole('link', { name: t('tickets.back_to_list') }).click();
    await waitForPath(page, '/tickets');

    const row = openGroup.getByRole('row', { name: new RegExp(subject) });
    expect(await row.getAttribute('data-urgency')).toBe('2');
    await row.click();
    await page.waitForURL(/\/tickets\/\d+$/);
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    await page.getByText(t('tickets.urgency.2'), { exact: true }).waitFor();
    await page.getByText(new RegExp(t('tickets.created_by', { name: 'Béatrice Roy' }))).waitFor();

    // The follow-up stops where the server does, as the description; a pasted link longer than the screen wraps.
    await page.getByLabel(t('tickets.add_followup')).fill('y'.repeat(6000));
    expect((await page.getByLabel(t('tickets.add_followup')).inputValue()).length).toBe(5000);
    const link = `https://exemple.com/${'a'.repeat(400)}`;
    await page.getByLabel(t('tickets.add_followup')).fill(`Toujours en panne. ${link}`);
    await page.getByRole('button', { name: t('tickets.send_followup') }).click();
    const followups = page.getByRole('list', { name: t('tickets.followups') });
    await followups.getByText('Toujours en panne.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await followups.getByText(/Béatrice Roy/).count()).toBe(1);

    await page.getByRole('button', { name: t('tickets.resolve') }).click();
    await page.getByText(t('tickets.resolved_notice')).waitFor();
    expect(await page.getByLabel(t('tickets.add_followup')).count()).toBe(0);

    await page.getByRole('button', { name: t('tickets.reopen') }).click();
    await page.getByLabel(t('tickets.add_followup')).waitFor();
    expect(await page.getByText(t('tickets.resolved_notice')).count()).toBe(0);

    await page.getByRole('link', { name: t('tickets.back_to_list') }).click();
    await waitForPath(page, '/tickets');
    await openGroup.getByRole('row', { name: new RegExp(subject) }).waitFor();
  });

  it('shows the picture of a feedback ticket, whose data is JSON, and its subject in the reader’s language for the broker and an administrator', async () => {
    const subject = t('tickets.subject_template.feedback', { address: '1200 rue Sherbrooke Ouest', picture: 3 });
    const other = text(lang === 'en' ? 'fr' : 'en', 'tickets.subject_template.feedback', { address: '1200 rue Sherbrooke Ouest', picture: 3 });
    const { page: admin } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginIn(admin, lang, demoAccount(Role.admin));
    await admin.waitForURL((url) => url.pathname !== '/login');
    await admin.goto('/tickets');
    await admin.getByRole('row', { name: new RegExp(`^${subject}`) }).first().waitFor();
    expect(await admin.getByRole('row', { name: new RegExp(`^${other}`) }).count()).toBe(0);

    const page = await brokerIn(lang);
    await page.goto('/tickets');
    expect(await page.getByRole('row', { name: new RegExp(`^${other}`) }).count()).toBe(0);
    await page.getByRole('row', { name: new RegExp(`^${subject}`) }).first().click();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    const image = page.getByRole('img', { name: t('tickets.picture_alt') });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});
