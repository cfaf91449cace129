import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page } from 'playwright-core';
import { getZones, saveZones, type ZoneView } from '#shared/catalogue/zones.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import zonesEn from '../../web/src/areas/zones/locales/en.json';
import zonesFr from '../../web/src/areas/zones/locales/fr.json';
import shellEn from '../../web/src/i18n/locales/en.json';
import shellFr from '../../web/src/i18n/locales/fr.json';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginIn, type Lang } from './fixtures.ts';

/**
 * Part 2 "Zone map" and "Zone editor" as an administrator lives them, in French then English:
 * draw a zone by clicks (the spec's messages without a shape or a name, UNDO of the last vertex),
 * save it, move one of its vertices and save again, then try to delete the Montréal zone, which
 * upcoming shootings and technicians still need, and read the 409 dialog (the shootings with date
 * and address, the users); closing it restores the zone. Switching it to Sales is refused with
 * the same dialog and the same lists.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

const TEXTS = { en: { ...shellEn, ...zonesEn }, fr: { ...shellFr, ...zonesFr } } as const;
function say(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], TEXTS[lang]);
  if (typeof found !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return Object.entries(values).reduce((out, [name, value]) => out.replaceAll(`{{${name}}}`, value), found);
}

async function zonesNow(): Promise<ZoneView[]> {
  const { token } = await tokenFor(Role.admin);
  return bodyOf(await callOp(getZones, {}, token)).zones;
}

async function adminOnZones(lang: Lang): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang], viewport: { width: 1280, height: 1000 } });
  await loginIn(page, lang, demoAccount(Role.admin));
  await waitForPath(page, '/shooting');
  await page.goto('/zones');
  await page.getByRole('heading', { level: 1, name: say(lang, 'route.zones') }).waitFor();
  await page.locator('tr[data-zone="Montréal"]').waitFor();
  return page;
}

describe.each(['fr', 'en'] as const)('zone editor, in %s', (lang) => {
  const t = (key: string, values?: Record<string, string>) => say(lang, key, values);

  it('draws a zone, edits it, and reads why the Montréal zone cannot be deleted', async () => {
    const page = await adminOnZones(lang);
    const canvas = page.getByLabel(t('zones.map_label'));
    await canvas.waitFor();
    await page.locator('[data-map-ready="true"]').waitFor();
    // Offsets from the map's centre, in an empty stretch right of it (the controls are in the top-right
    // corner); read against the map's current place, as messages above it move it down.
    const at = async ([dx, dy]: readonly [number, number]) => {
      const box = (await canvas.boundingBox())!;
      return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
    };
    const click = async (offset: readonly [number, number]) => {
      const p = await at(offset);
      await page.mouse.click(p.x, p.y);
      await page.waitForTimeout(150);
    };
    const corners = [[60, -80], [200, -80], [200, 60], [60, 60]] as const;

    // Create: the spec's messages, then four clicks, UNDO of the last one, the corner again, closed on the first.
    await page.locator('.mantine-SegmentedControl-root').getByText(t('zones.mode_create'), { exact: true }).click();
    expect(await page.getByLabel(t('zones.type')).inputValue()).toBe('2');
    // Saving while creating needs the shape first (part 2 §5 'Zones').
    await page.getByRole('button', { name: t('zones.save') }).click();
    await page.getByRole('alert').getByText(t('zones.no_shape')).waitFor();
    for (const corner of corners.slice(0, 3)) await click(corner);
    await click([120, 160]);
    await page.getByRole('button', { name: t('zones.undo') }).click();
    await click(corners[3]!);
    await click(corners[0]!);
    await page.getByRole('button', { name: t('zones.add_zone') }).click();
    await page.getByRole('alert').getByText(t('zones.no_name')).waitFor();
    const name = `E2E ${lang} ${Date.now().toString(36)}`;
    await page.getByLabel(t('zones.name')).fill(`  ${name}  `);
    await page.getByLabel(t('zones.type')).selectOption('1');
    // Save straight from the creation: the zone being drawn is saved with the rest.
    await page.getByRole('button', { name: t('zones.save') }).click();
    await page.getByRole('status').getByText(t('zones.saved')).waitFor();
    const row = page.locator(`tr[data-zone="${name}"]`);
    await row.waitFor();
    const created = (await zonesNow()).find((z) => z.zone_name === name)!;
    expect(created).toMatchObject({ type: 1, version: 1 });
    const ring = created.coordinates.coordinates[0]!;
    expect(ring).toHaveLength(5); // four vertices, the first repeated: the UNDO removed the fifth click
    expect(ring[0]).toEqual(ring[4]);

    // Edit: drag the first vertex; releasing the mouse takes the new coordinates.
    await row.getByRole('button', { name: `${t('zones.edit')} ${name}` }).click();
    await page.getByText(t('zones.edit_help')).waitFor();
    await page.waitForTimeout(300);
    const from = await at(corners[0]!);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 40, from.y - 30, { steps: 8 });
    await page.mouse.up();
    await row.getByText(t('zones.state_changed')).waitFor();
    await page.getByRole('button', { name: t('zones.done_edit') }).click();
    await page.getByRole('button', { name: t('zones.save') }).click();
    await page.getByRole('status').getByText(t('zones.saved')).waitFor();
    const edited = (await zonesNow()).find((z) => z.id === created.id)!;
    expect(edited.version).toBe(2);
    const moved = edited.coordinates.coordinates[0]!;
    expect(moved[0]).toEqual(moved[moved.length - 1]);
    expect(moved.some(([lng, lat]) => lng < Math.min(...ring.map((p) => p[0])) && lat > Math.max(...ring.map((p) => p[1])))).toBe(true);

    // Delete the Montréal zone: refused, with the shootings (date and address) and the users.
    const montreal = page.locator('tr[data-zone="Montréal"]');
    await montreal.getByRole('button', { name: `${t('zones.remove')} Montréal` }).click();
    await montreal.getByText(t('zones.state_removed')).waitFor();
    await page.getByRole('button', { name: t('zones.save') }).click();
    const dialog = page.getByRole('dialog', { name: t('zones.error_title') });
    await dialog.getByText(t('zones.blocked_shootings')).waitFor();
    const shootings = await dialog.getByTestId('blocking-shootings').locator('li').allTextContents();
    expect(shootings.length).toBeGreaterThan(0);
    expect(shootings.join('\n')).toContain('6000 Boulevard Saint-Laurent');
    await dialog.getByText(t('zones.blocked_users')).waitFor();
    const users = await dialog.getByTestId('blocking-users').locator('li').allTextContents();
    expect(users).toContain(t('zones.user_zone', { name: 'Mathieu Caron', zone: 'Montréal' }));
    expect(users).toContain(t('zones.user_backup_zone', { name: 'Olivier Bélanger', zone: 'Montréal' }));
    await dialog.getByRole('button', { name: t('zones.close') }).click();
    await expect.poll(() => montreal.getByText(t('zones.state_removed')).count()).toBe(0);
    expect((await zonesNow()).some((z) => z.zone_name === 'Montréal')).toBe(true);

    // Switch the Montréal zone to Sales: refused with the very lists of its deletion (docs/decisions/0600).
    await montreal.getByRole('button', { name: `${t('zones.edit')} Montréal` }).click();
    await page.getByText(t('zones.edit_help')).waitFor();
    await page.getByLabel(t('zones.type')).selectOption('2');
    await montreal.getByText(t('zones.state_changed')).waitFor();
    await page.getByRole('button', { name: t('zones.done_edit') }).click();
    await page.getByRole('button', { name: t('zones.save') }).click();
    await dialog.getByText(t('zones.blocked_shootings')).waitFor();
    expect(await dialog.getByTestId('blocking-shootings').locator('li').allTextContents()).toEqual(shootings);
    expect(await dialog.getByTestId('blocking-users').locator('li').allTextContents()).toEqual(users);
    await dialog.getByRole('button', { name: t('zones.close') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await zonesNow()).find((z) => z.zone_name === 'Montréal')?.type).toBe(1);

    const { token } = await tokenFor(Role.admin);
    bodyOf(await callOp(saveZones, { zones: { delete: [{ id: created.id, version: 2 }] } }, token));
  });
});
