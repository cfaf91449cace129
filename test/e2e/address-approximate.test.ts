import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import shootingsEn from '../../web/src/areas/shootings/locales/en.json';
import shootingsFr from '../../web/src/areas/shootings/locales/fr.json';
import { useBrowser, waitForPath } from './browser.ts';
import { loginIn } from './fixtures.ts';

/**
 * Issue 10 item 6 in the booking wizard, in both languages: any civic address of a Quebec
 * municipality gets a suggestion and, once picked, the wizard says its position is approximate;
 * an address that cannot be found says so and what to type (docs/decisions/0082).
 */
type Lang = 'en' | 'fr';
const TEXTS: Record<Lang, typeof shootingsEn.shootings> = { en: shootingsEn.shootings, fr: shootingsFr.shootings };
const LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-CA' };

const browser = useBrowser(ownStack().baseUrl);

describe.each(['en', 'fr'] as const)('any Quebec address in the booking wizard, in %s', (lang) => {
  const t = TEXTS[lang];

  it('suggests a civic address in Granby, says the position is approximate, and says what to do when nothing is found', async () => {
    const { page } = await browser.visit({ locale: LOCALE[lang] });
    await loginIn(page, lang, demoAccount(Role.broker));
    await waitForPath(page, '/deliveries');
    await page.goto('/shooting/add');
    const address = page.getByRole('combobox', { name: t.address });
    await address.fill('1234 rue des Pins, Granby');
    await page.getByRole('option', { name: '1234 Rue des Pins, Granby, QC, CAN' }).click();
    const approximate = page.getByTestId('position-approximate');
    await approximate.waitFor();
    expect(await approximate.textContent()).toBe(t.position_approximate.replace('{{city}}', 'Granby'));
    expect(await page.getByLabel(t.city, { exact: false }).inputValue()).toBe('Granby');

    await address.fill('99 rue Nulle Part, Atlantide');
    const notFound = page.getByTestId('address-not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toBe(t.address_not_found);
    expect(await page.getByTestId('position-approximate').count()).toBe(0);
  });
});
