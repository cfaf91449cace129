import shellEn from '../../web/src/i18n/locales/en.json';
import shellFr from '../../web/src/i18n/locales/fr.json';
import ticketsEn from '../../web/src/areas/tickets/locales/en.json';
import ticketsFr from '../../web/src/areas/tickets/locales/fr.json';
import deliveriesEn from '../../web/src/areas/deliveries/locales/en.json';
import deliveriesFr from '../../web/src/areas/deliveries/locales/fr.json';
import type { Page } from 'playwright-core';
import type { DemoAccount } from '../../scripts/local/demo-accounts.ts';

/** Texts of the shell and of the tickets and deliveries areas, as the user reads them, in both languages. */
export type Lang = 'en' | 'fr';
const CATALOGUES: Record<Lang, unknown[]> = { en: [ticketsEn, deliveriesEn, shellEn], fr: [ticketsFr, deliveriesFr, shellFr] };
export const BROWSER_LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-CA' };

export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  for (const catalogue of CATALOGUES[lang]) {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    if (typeof value === 'string') return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  }
  throw new Error(`no ${lang} text for ${key}`);
}

/** Fills the login form in the page's language (the page may already be /login with a redirect). */
export async function loginIn(page: Page, lang: Lang, account: Pick<DemoAccount, 'email' | 'password'>): Promise<void> {
  if (new URL(page.url() === 'about:blank' ? 'http://x/' : page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel(text(lang, 'login.email')).fill(account.email);
  // The password field (its label also names the show/hide toggle, so locate the input itself).
  await page.locator('input[type="password"]').fill(account.password);
  await page.getByRole('button', { name: text(lang, 'login.submit') }).click();
}
