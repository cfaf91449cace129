import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Role } from '#shared/roles.ts';
import { ownStack } from '../support/provided.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn } from './fixtures.ts';

/**
 * A message already on screen (a refusal, a field's error, a form's outcome) is said again in the
 * other language when the reader switches language while it shows (ADR 0745): the page speaks one
 * language at a time. Each screen is opened in English, made to refuse, then switched to French.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
const en = textsIn('en');
const fr = textsIn('fr');

async function adminOn(path: string, titleKey: string): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE.en });
  await loginAs(page, Role.admin, 'en');
  await waitForPath(page, '/shooting');
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: en(titleKey) }).waitFor();
  return page;
}

async function switchToFrench(page: Page, titleKey: string): Promise<void> {
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: fr(titleKey) }).waitFor();
}

describe('messages on screen follow a language switch', () => {
  it('the zone editor: its refusal', async () => {
    const page = await adminOn('/zones', 'route.zones');
    await page.locator('[data-map-ready="true"]').waitFor();
    await page.locator('.mantine-SegmentedControl-root').getByText(en('zones.mode_create'), { exact: true }).click();
    await page.getByRole('button', { name: en('zones.save') }).click();
    await page.getByRole('alert').getByText(en('zones.no_shape')).waitFor();
    await switchToFrench(page, 'route.zones');
    await page.getByRole('alert').getByText(fr('zones.no_shape')).waitFor();
    expect(await page.getByText(en('zones.no_shape')).count()).toBe(0);
  });

  it("the user form: each field's error", async () => {
    const page = await adminOn('/users/add', 'route.users_add');
    await page.getByRole('button', { name: en('users.save') }).click();
    await expect.poll(() => page.getByText(en('users.msg.required')).count()).toBeGreaterThan(2);
    const shown = await page.getByText(en('users.msg.required')).count();
    await switchToFrench(page, 'route.users_add');
    await expect.poll(() => page.getByText(fr('users.msg.required')).count()).toBe(shown);
    expect(await page.getByText(en('users.msg.required')).count()).toBe(0);
  });

  it("the user form: the save's outcome (a colleague changed the user meanwhile)", async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE.en });
    const me = await loginAs(page, Role.admin, 'en');
    await waitForPath(page, '/shooting');
    await page.route(
      (url) => url.pathname === `/api/users/${me.id}`,
      (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'conflict', message: 'This user changed meanwhile; reload the form and try again.' } }) })
          : route.continue(),
    );
    await page.goto(`/users/edit/${me.id}`);
    const name = `${me.firstname} ${me.lastname}`;
    await page.getByRole('heading', { level: 1, name: en('users.edit_title', { title: en('route.users_edit'), name }) }).waitFor();
    await page.getByRole('button', { name: en('users.save') }).first().click();
    await page.getByRole('alert').filter({ hasText: en('users.changed_meanwhile') }).waitFor();
    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: fr('users.edit_title', { title: fr('route.users_edit'), name }) }).waitFor();
    await page.getByRole('alert').filter({ hasText: fr('users.changed_meanwhile') }).waitFor();
    expect(await page.getByText(en('users.changed_meanwhile')).count()).toBe(0);
  });

  it("the releases' form: the version's error and the file's", async () => {
    const page = await adminOn('/releases', 'route.releases');
    const panel = page.locator('section[data-app="vrupdater"]');
    await panel.getByRole('button', { name: en('releases.add') }).click();
    await panel.getByText(en('releases.version_required')).waitFor();
    await panel.getByText(en('releases.file_required')).waitFor();
    await switchToFrench(page, 'route.releases');
    await panel.getByText(fr('releases.version_required')).waitFor();
    await panel.getByText(fr('releases.file_required')).waitFor();
    expect(await panel.getByText(en('releases.version_required')).count()).toBe(0);
  });

  it("the request log's search: a refused search, said with the word it names", async () => {
    const page = await adminOn('/superlog', 'route.superlog');
    await page.getByLabel(en('logs.search')).fill('foo:bar');
    await page.getByRole('button', { name: en('logs.go'), exact: true }).click();
    await page.getByText(en('logs.error.unknownKeyword', { word: 'foo' })).waitFor();
    await switchToFrench(page, 'route.superlog');
    await page.getByText(fr('logs.error.unknownKeyword', { word: 'foo' })).waitFor();
    expect(await page.getByText(en('logs.error.unknownKeyword', { word: 'foo' })).count()).toBe(0);
  });
});
