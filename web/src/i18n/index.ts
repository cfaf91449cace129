import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { formatNumber } from './numbers.ts';
import { withManyForms } from './plural-forms.ts';
import { FALLBACK_LANGUAGE, initialLanguage, persistLanguage, type Language } from './language.ts';

export const catalogues = { fr, en } as const;

export function setupI18n(language: Language = initialLanguage()) {
  void i18n.use(initReactI18next).init({
    resources: { fr: { translation: withManyForms(fr) }, en: { translation: en } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // '{{count, number}}' in a catalogue: the web's one number formatter (numbers.ts, given by format.ts), so a count reads as every other number of the page.
  i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined) => (typeof value === 'number' ? formatNumber(value, lng ?? language) : String(value)));
  syncDocumentLanguage(language);
  i18n.on('languageChanged', (lng) => syncDocumentLanguage(lng));
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  persistLanguage(language);
  await i18n.changeLanguage(language);
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
