import type { TFunction } from 'i18next';
import { LOG_SEARCH_LIMITS, asLogSearchRefusal, type LogSearchRefusal } from '#shared/logs/search.ts';
import { isApiError } from '../../api/client.ts';
import { DATE_MAX, DATE_MIN } from '#shared/rules/business-time.ts';
import { formatNumber } from '../../i18n/format.ts';

/** The words of a search error in the page's language (one text per LogSearchErrorCode, and the charts' days-only rule). */
export function searchErrorText(t: TFunction, error: LogSearchRefusal): string {
  return t(`logs.error.${error.code}`, { word: 'word' in error ? (error.word ?? '') : '', from: DATE_MIN, to: DATE_MAX, ...LOG_SEARCH_LIMITS });
}

/**
 * The server's refusal of a search (400), in the page's language when it names its code; else the
 * server's own words on the search field. Undefined for any other error, a 400 on another field (a
 * page cursor the server no longer takes) included: the screen shows it as a load error.
 */
export function serverRefusalText(t: TFunction, error: unknown): string | undefined {
  if (!isApiError(error, 400)) return undefined;
  const refusal = asLogSearchRefusal(error.details);
  return refusal ? searchErrorText(t, refusal) : error.fields?.search?.[0];
}

/** '1 requête affichée sur 1' / '12 requests shown of 40': the rows loaded, and the total when the server knows it. */
export function shownText(t: TFunction, lng: string, shown: number, total: number | null): string {
  // `count` picks the plural form (i18next); the texts show the numbers as the language writes them.
  const values = { count: shown, shown: formatNumber(shown, lng) };
  return total !== null ? t('logs.count', { ...values, total: formatNumber(total, lng) }) : t('logs.shown', values);
}
