/**
 * The reader's language and numbers (format.ts gives them with the rest of the formatter): apart, so
 * that i18next's '{{count, number}}' (index.ts, first load) formats without loading the date rules.
 */
export type Language = 'fr' | 'en';

export const languageOf = (lng: string): Language => (lng.startsWith('fr') ? 'fr' : 'en');
export const localeOf = (lng: string): 'fr-CA' | 'en-CA' => (languageOf(lng) === 'fr' ? 'fr-CA' : 'en-CA');

export function formatNumber(value: number, lng: string, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(localeOf(lng), options).format(value);
}
