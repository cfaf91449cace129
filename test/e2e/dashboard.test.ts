import { RELEASE_APPS } from '#shared/catalogue/releases.ts';
import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { Role, type RoleId } from '#shared/roles.ts';
import { pathOf } from '#shared/routes.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn, type Lang } from './fixtures.ts';

/**
 * /dashboard (docs/decisions/0160), as the user reads it: the role's panels by their headings in
 * each language, and a panel's link leading on to its screen.
 */

const browser = useBrowser(ownStack().baseUrl);

async function landAs(role: RoleId, lang: Lang): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await page.goto('/login');
  await loginAs(page, role, lang);
  await waitForPath(page, pathOf('dashboard'));
  return page;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('dashboard', () => {
  it("shows the statistics user the week's figures and their tickets, in French", async () => {
    const t = textsIn('fr');
    const page = await landAs(Role.stats_query, 'fr');
    await page.getByRole('heading', { level: 1, name: t('route.dashboard') }).waitFor();
    const week = region(page, t('dashboard.week.title'));
    await week.waitFor();
    await week.getByText(t('dashboard.week.tickets_open')).waitFor();
    await region(page, t('dashboard.tickets.title_own')).waitFor();
    expect(await region(page, t('dashboard.injector.title_own')).count()).toBe(0);
  });

  it('shows the injector technician their SD cards and uploads, whose link opens the remote injector', async () => {
    const t = textsIn('en');
    const page = await landAs(Role.tech_injector, 'en');
    const injector = region(page, t('dashboard.injector.title_own'));
    await injector.waitFor();
    await injector.getByText(t('dashboard.injector.files')).waitFor();
    await injector.getByRole('link', { name: t('dashboard.injector.open') }).click();
    await waitForPath(page, pathOf('remote_injector'));
  });

  it("shows the releaser each app's highest version", async () => {
    const t = textsIn('en');
    const page = await landAs(Role.releaser, 'en');
    const panel = region(page, t('dashboard.releases.title'));
    for (const app of RELEASE_APPS) await panel.getByText(app, { exact: true }).waitFor();
    // Every app has versions in the demo data: none says it has none.
    expect(await panel.getByText(t('dashboard.releases.none')).count()).toBe(0);
  });
});
