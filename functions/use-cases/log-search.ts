import { CHART_DEFAULT_DAYS } from '#shared/catalogue/logs.ts';
import { TEXT_FIELDS, logSearchMessage, parseLogSearch, tokenize, type LogSearch, type LogSearchRefusal } from '#shared/logs/search.ts';
import { dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import { HttpError } from '../plumbing/errors.ts';

export const CHARTS_DAYS_ONLY = 'The charts take only du:, au: and date:.';

/** A 400 naming what is wrong with the search on the `search` field, in English; `details` holds its code for the screen's own words. */
const refused = (message: string, details: LogSearchRefusal) => new HttpError('bad_request', message, { fields: { search: [message] }, details });

/** The parsed search of the request-log viewer, or a 400 saying what is wrong. */
export function parseSearch(text: string, now = Date.now()): LogSearch {
  const result = parseLogSearch(text, localDateOf(now));
  if (!result.ok) throw refused(logSearchMessage(result.error), result.error);
  return result.search;
}

/**
 * The days the analytics charts cover: the search's du/au/date, by default the last
 * CHART_DEFAULT_DAYS days; any other filter answers 400 (the counters only know days).
 */
export function chartRange(text: string, now = Date.now()): { from: string; to: string } {
  const search = parseSearch(text, now);
  const filtered = search.method || search.status !== undefined || search.uid !== undefined || search.time || TEXT_FIELDS.some((f) => search.text[f].length > 0);
  if (filtered) throw refused(CHARTS_DAYS_ONLY, { code: 'chartsDaysOnly' });
  const named = (tokenize(text) ?? []).some((word) => /^(du|au|date):/i.test(word));
  if (named) return { from: search.from, to: search.to };
  const today = localDateOf(now);
  return { from: localDateOf(dayStartMs(today) - (CHART_DEFAULT_DAYS - 1) * 86_400_000 + 43_200_000), to: today };
}
