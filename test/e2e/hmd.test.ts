import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { deleteHmd, registerHmd } from '#shared/catalogue/hmd.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn, type Lang } from './fixtures.ts';

/**
 * Part 2 "Head-mounted devices" as an administrator lives it, in French then English: the list
 * sorted by serial number, register a headset ('HMD added!'), refused twice, assign it to a
 * technician through the users search, try to delete it while assigned, unassign it, delete it
 * after confirming; and the spec's alert when a delete fails ("Une erreur c'est produite.").
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

const TECH = demoAccount(Role.tech_capture);

async function adminOnHmdList(lang: Lang): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.admin, lang);
  await waitForPath(page, '/shooting');
  await page.goto('/HmdList');
  await page.getByRole('heading', { level: 1, name: textsIn(lang)('route.HmdList') }).waitFor();
  return page;
}

const serialsShown = (page: Page) => page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-serial') ?? ''));

describe.each(['fr', 'en'] as const)('VR headsets, in %s', (lang) => {
  const t = textsIn(lang);

  it('an administrator registers, assigns, unassigns and deletes a headset', async () => {
    const page = await adminOnHmdList(lang);
    // The seeded headsets, by serial number ascending; the header sorts the other way.
    const serialHeader = page.getByRole('columnheader', { name: t('hmd.col.serial_number') });
    expect(await serialHeader.getAttribute('aria-sort')).toBe('ascending');
    const shown = await serialsShown(page);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base', numeric: true })));
    await serialHeader.getByRole('button').click();
    await expect.poll(() => serialHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await serialsShown(page))[0]).toBe(shown.at(-1));

    // Register; the same serial number again is refused with the message.
    const serial = `E2E-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    const register = page.getByRole('region', { name: t('hmd.register_title') });
    await register.getByLabel(t('hmd.serial_number')).fill(serial);
    await register.getByRole('button', { name: t('hmd.register') }).click();
    await register.getByRole('status').getByText(t('hmd.added')).waitFor();
    await register.getByLabel(t('hmd.serial_number')).fill(serial.toLowerCase());
    await register.getByRole('button', { name: t('hmd.register') }).click();
    const refused = page.getByRole('dialog', { name: t('hmd.add_failed_title') });
    await refused.getByText(t('hmd.duplicate')).waitFor();
    await refused.getByRole('button', { name: t('common.ok') }).click();

    // Find it, assign it to the capture technician with a note.
    await page.getByRole('searchbox', { name: t('hmd.search') }).fill(serial.toLowerCase());
    await expect.poll(() => serialsShown(page)).toEqual([serial]);
    const row = page.locator(`tr[data-serial="${serial}"]`);
    await row.getByText(t('hmd.unassigned')).waitFor();
    await row.getByRole('button', { name: t('hmd.edit') }).click();
    const dialog = page.getByRole('dialog', { name: t('hmd.edit_title', { serial }) });
    await dialog.getByRole('combobox', { name: t('hmd.user_label') }).fill('cote');
    await page.getByRole('option', { name: `${TECH.firstname} ${TECH.lastname} (${TECH.email})` }).click();
    await dialog.getByLabel(t('hmd.notes')).fill('Étui bleu, deux manettes.');
    await dialog.getByRole('button', { name: t('hmd.save') }).click();
    await page.getByRole('status').getByText(t('hmd.saved', { serial })).waitFor();
    await row.getByText(`${TECH.firstname} ${TECH.lastname}`).waitFor();
    await row.getByText('Étui bleu, deux manettes.').waitFor();

    // Assigned: the delete dialog says to unassign it first, and nothing is deleted.
    await row.getByRole('button', { name: t('hmd.delete') }).click();
    const blocked = page.getByRole('dialog', { name: t('hmd.delete_blocked_title') });
    await blocked.getByText(t('hmd.delete_blocked', { serial, user: `${TECH.firstname} ${TECH.lastname}` })).waitFor();
    await blocked.getByRole('button', { name: t('common.ok') }).click();
    await blocked.waitFor({ state: 'detached' });
    expect(await serialsShown(page)).toEqual([serial]);

    // A double click sends one call: the row's actions wait for it, so no error follows the success.
    await row.getByRole('button', { name: t('hmd.unassign') }).dblclick();
    await page.getByRole('status').getByText(t('hmd.unassigned_done', { serial })).waitFor();
    await row.getByText(t('hmd.unassigned')).waitFor();
    expect(await page.getByRole('dialog', { name: t('hmd.error_title') }).count()).toBe(0);

    // Deleting asks first; cancelling keeps it, confirming deletes it.
    await row.getByRole('button', { name: t('hmd.delete') }).click();
    let confirm = page.getByRole('dialog', { name: t('hmd.delete_title') });
    await confirm.getByText(t('hmd.delete_confirm', { serial })).waitFor();
    await confirm.getByRole('button', { name: t('common.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await serialsShown(page)).toEqual([serial]);
    await row.getByRole('button', { name: t('hmd.delete') }).click();
    confirm = page.getByRole('dialog', { name: t('hmd.delete_title') });
    await confirm.getByRole('button', { name: t('hmd.delete') }).click();
    await page.getByRole('status').getByText(t('hmd.deleted', { serial })).waitFor();
    await page.getByText(t('hmd.none_found')).waitFor();
  });

  it('a list that fails to load says so, not that no headset is registered (ADR 0560)', async () => {
    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.admin, lang);
    await waitForPath(page, '/shooting');
    await page.route((url) => url.pathname === '/api/hmds', (route) => (route.request().method() === 'GET' ? route.abort() : route.continue()));
    await page.goto('/HmdList');
    await page.getByRole('heading', { level: 1, name: t('route.HmdList') }).waitFor();
    const alert = page.getByRole('dialog', { name: t('hmd.error_title') });
    await alert.getByRole('button', { name: t('common.ok') }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('alert').getByText(t('hmd.load_failed')).waitFor();
    expect(await page.getByText(t('hmd.none')).count()).toBe(0);
  });

  it('a delete that fails shows the spec\'s alert', async () => {
    const admin = (await tokenFor(Role.admin)).token;
    const serial = `E2E-GONE-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    const { hmd } = bodyOf(await callOp(registerHmd, { serial_number: serial }, admin));
    const page = await adminOnHmdList(lang);
    await page.getByRole('searchbox', { name: t('hmd.search') }).fill(serial);
    await expect.poll(() => serialsShown(page)).toEqual([serial]);
    // Someone else deletes it meanwhile.
    bodyOf(await callOp(deleteHmd, { id: hmd.id }, admin));
    await page.locator(`tr[data-serial="${serial}"]`).getByRole('button', { name: t('hmd.delete') }).click();
    await page.getByRole('dialog', { name: t('hmd.delete_title') }).getByRole('button', { name: t('hmd.delete') }).click();
    const alert = page.getByRole('dialog', { name: t('hmd.error_title') });
    await alert.getByText(lang === 'fr' ? "Une erreur c'est produite." : t('hmd.error')).waitFor();
  });
});
