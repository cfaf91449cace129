import type { Language } from '../../i18n/format.ts';

/**
 * A coordinate as the reader types it in the depot form, every digit kept: '45,5017' in French (as
 * the list shows it), '45.5017' in English. The form's parser (depotFields) takes either separator.
 */
export const coordinateText = (value: number, language: Language): string => (language === 'fr' ? String(value).replace('.', ',') : String(value));
