import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';
import { registerAreaCatalogues } from './area-catalogues.ts';
import { setupI18n } from './index.ts';
import plannerEn from '../areas/planner/locales/en.json';
import plannerFr from '../areas/planner/locales/fr.json';

describe("the catalogues' '{{count, number}}'", () => {
  it.each(['fr', 'en'] as const)('writes a count in %s as the page writes every other number, and picks the plural by it', async (lang) => {
    const i18n = setupI18n(lang);
    await i18n.changeLanguage(lang);
    i18n.addResources(lang, 'translation', { 'test.shootings_one': '{{count, number}} capture', 'test.shootings_other': '{{count, number}} captures' });
    expect(i18n.t('test.shootings', { count: 12345 })).toBe(`${formatNumber(12345, lang)} captures`);
    expect(i18n.t('test.shootings', { count: 1 })).toBe('1 capture');
    expect(formatNumber(12345, lang)).toBe(lang === 'fr' ? '12\u00a0345' : '12,345');
  });
});

describe("French's 'many' plural form (1 000 000, 2 000 000 …)", () => {
  it("reads as the catalogue's other form, in French: not the bare key, not English", async () => {
    const i18n = setupI18n('fr');
    await i18n.changeLanguage('fr');
    registerAreaCatalogues({ fr: plannerFr, en: plannerEn });
    expect(new Intl.PluralRules('fr').select(1_000_000)).toBe('many');
    expect(i18n.t('planner.summary', { count: 1_000_000, date: 'lundi' })).toBe(`${formatNumber(1_000_000, 'fr')} captures, lundi`);
    expect(i18n.t('planner.lock_confirmed', { count: 2_000_000 })).toBe(`${formatNumber(2_000_000, 'fr')} captures sont confirmées aux heures de sa tournée.`);
    expect(i18n.t('login.too_many_attempts', { count: 1_000_000 })).toBe(`Trop de tentatives. Veuillez réessayer dans ${formatNumber(1_000_000, 'fr')} minutes.`);
  });
});
