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
 * then what the app's update check answers; an empty file refused by the form, and a version whose
 * upload was cut off getting its file when added again.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);
/** One stamp for the file: the English run's versions (patch 1) are always above the French run's (patch 0), which stay public. */
const STAMP = Date.now() % 1_000_000;

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
    const version = `1.${STAMP}.${lang === 'fr' ? 0 : 1}`;
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

  it('says why it refuses an empty file, and a version whose upload was cut off gets its file when added again (ADR 0610)', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.goto('/releases');
    const panel = page.locator('section[data-app="remote-injector-gui"]');
    await panel.getByRole('heading', { level: 2, name: 'remote-injector-gui', exact: true }).waitFor();
    const version = `3.${STAMP}.${lang === 'fr' ? 0 : 1}`;
    const versionField = panel.getByLabel(t('releases.version'), { exact: true });
    const fileField = panel.locator('input[type="file"]');
    const add = panel.getByRole('button', { name: t('releases.add') });

    // An empty file: the form says why, in the screen's language, and sends nothing.
    await versionField.fill(version);
    await fileField.setInputFiles({ name: 'injector.zip', mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
    await add.click();
    await panel.getByText(t('releases.file_empty')).waitFor();
    expect(await panel.locator(`[data-version="${version}"]`).count()).toBe(0);

    // The file's upload is cut off: the release stays without its file, and the form says what to do.
    const content = Buffer.from(`remote-injector-gui ${version}\n`.repeat(80));
    await fileField.setInputFiles({ name: `injector-${version}.zip`, mimeType: 'application/octet-stream', buffer: content });
    const fileUrl = (url: URL) => url.pathname.includes(`/releases/remote-injector-gui/${version}/`);
    await page.route(fileUrl, (route) => (route.request().method() === 'PUT' ? route.abort('connectionreset') : route.continue()));
    await add.click();
    await panel.getByRole('alert').getByText(t('releases.upload_failed', { version })).waitFor();
    const row = panel.locator(`[data-version="${version}"]`);
    await row.getByText(t('releases.not_uploaded')).waitFor();
    await row.getByText(t('releases.not_uploaded_hint')).waitFor();

    // Added again (before: 409, the version used up for good): the same release gets its file.
    await page.unroute(fileUrl);
    await add.click();
    await panel.getByRole('status').getByText(t('releases.added_done', { version })).waitFor();
    expect(await panel.locator(`[data-version="${version}"]`).count()).toBe(1);
    const href = await row.getByRole('link', { name: new RegExp(`injector-${version.replace(/\./g, '\\.')}\\.zip`) }).getAttribute('href');
    expect(await (await fetch(href!)).text()).toBe(content.toString());
  });
});
