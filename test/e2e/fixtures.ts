import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { RoleId } from '#shared/roles.ts';
import { demoAccount, type DemoAccount } from '../../scripts/local/demo-accounts.ts';
import { formatNumber } from '../../web/src/i18n/format.ts';

export { ownDay, ownDays } from '../support/days.ts';

/**
 * What every browser test needs besides the browser (./browser.ts): the texts a user reads, as the
 * web app's locale files give them (the spec's wording), a language, and a login as a role.
 */
export type Lang = 'en' | 'fr';
export const BROWSER_LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-CA' };

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Per language: every area's catalogue (web/src/areas/<area>/locales), then the shell's (web/src/i18n/locales). */
const CATALOGUES: Record<Lang, unknown[]> = Object.fromEntries(
  (['en', 'fr'] as const).map((lang) => [
    lang,
    [
      ...readdirSync(path.join(WEB, 'areas'), { withFileTypes: true })
        .map((entry) => path.join(WEB, 'areas', entry.name, 'locales', `${lang}.json`))
        .filter((file) => existsSync(file))
        .sort()
        .map(readJson),
      readJson(path.join(WEB, 'i18n', 'locales', `${lang}.json`)),
    ],
  ]),
) as Record<Lang, unknown[]>;

/**
 * The text of a catalogue key in a language, `{{name}}` placeholders filled from `values`; with a
 * numeric `count`, the key's plural form for it (`_one`, `_other`, French `_many`), as i18next picks it.
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const category = typeof values.count === 'number' ? new Intl.PluralRules(lang).select(values.count) : undefined;
  // French 'many' (1 000 000 …) reads as '_other' where a catalogue has no '_many' (web/src/i18n/plural-forms.ts).
  const candidates = category ? [`${key}_${category}`, ...(category === 'many' ? [`${key}_other`] : []), key] : [key];
  for (const catalogue of CATALOGUES[lang]) {
    for (const candidate of candidates) {
      const value = candidate.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
      if (typeof value === 'string') return value.replace(/\{\{(\w+)(, number)?\}\}/g, (_, name: string, number?: string) => (number && typeof values[name] === 'number' ? formatNumber(values[name], lang) : String(values[name] ?? '')));
    }
  }
  throw new Error(`no ${lang} text for ${key}`);
}

/** The texts of one language, for a test that reads many: `const t = textsIn('fr'); t('login.title')`. */
export const textsIn =
  (lang: Lang) =>
  (key: string, values: Record<string, string | number> = {}): string =>
    text(lang, key, values);

/** Fills the login form in the page's language and submits it (the page may already be /login with a redirect). */
export async function loginIn(page: Page, lang: Lang, account: Pick<DemoAccount, 'email' | 'password'>): Promise<void> {
  if (new URL(page.url() === 'about:blank' ? 'http://x/' : page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel(text(lang, 'login.email')).fill(account.email);
  // The password field (its label also names the show/hide toggle, so locate the input itself).
  await page.locator('input[type="password"]').fill(account.password);
  await page.getByRole('button', { name: text(lang, 'login.submit') }).click();
}

/** Logs in as the demo account of a role. */
export async function loginAs(page: Page, role: RoleId, lang: Lang = 'en'): Promise<DemoAccount> {
  const account = demoAccount(role);
  await loginIn(page, lang, account);
  return account;
}
