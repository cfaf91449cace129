import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';
import { setupI18n } from './index.ts';

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
