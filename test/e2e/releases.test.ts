import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { getLatestRelease, RELEASE_APPS } from '#shared/catalogue/releases.ts';
import { Role } from '#shared/roles.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn } from './fixtures.ts';

/**
 * Part 3 screen 13 as an administrator lives it, in French then English: a panel per app with its
 * versions; a new version with its file (sent to the media bucket), its CDN link, made public, and
 * then what the app's update check answers.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

describe.each(['fr', 'en'] as const)('releases, in %s', (lang) => {
  const t = textsIn(lang);

  it('an administrator adds a version with its file and makes it public', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/releases');
    await page.getByRole('heading', { level: 1, name: t('route.releases') }).waitFor();
    for (const app of RELEASE_APPS) await page.getByRole('heading', { level: 2, name: app, exact: true }).waitFor();

    const panel = page.locator('section[data-app="vrupdater"]');
    const version = `1.${Date.now() % 1_000_000}.${lang === 'fr' ? 0 : 1}`;
    // Nothing chosen: both fields say so.
    await panel.getByRole('button', { name: t('releases.add') }).click();
    await panel.getByText(t('releases.version_required')).waitFor();
    await panel.getByText(t('releases.file_required')).waitFor();

    await panel.getByLabel(t('releases.version'), { exact: true }).fill(version);
    const content = Buffer.from(`vrupdater ${version}\n`.repeat(100));
    await panel.locator('input[type="file"]').setInputFiles({ name: `vrupdater-${version}.exe`, mimeType: 'application/octet-stream', buffer: content });
    await panel.getByRole('button', { name: t('releases.add') }).click();
    await panel.getByRole('status').getByText(t('releases.added_done', { version })).waitFor();

    const row = panel.locator(`[data-version="${version}"]`);
    const link = row.getByRole('link', { name: new RegExp(`vrupdater-${version}\\.exe`) });
    const href = await link.getAttribute('href');
    expect(await (await fetch(href!)).text()).toBe(content.toString());

    // Private until switched; then the update check answers it (the highest public version).
    const toggle = row.getByRole('switch', { name: t('releases.toggle_label', { version }) });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(async () => bodyOf(await callOp(getLatestRelease, { app: 'vrupdater' })).version).toBe(version);

    // The same version again is refused.
    await panel.getByLabel(t('releases.version'), { exact: true }).fill(version);
    await panel.locator('input[type="file"]').setInputFiles({ name: 'again.exe', mimeType: 'application/octet-stream', buffer: content });
    await panel.getByRole('button', { name: t('releases.add') }).click();
    await panel.getByRole('alert').getByText(t('releases.duplicate', { version })).waitFor();
  });
});
