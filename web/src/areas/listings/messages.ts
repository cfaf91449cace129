import type { TFunction } from 'i18next';
import { LISTING_MESSAGES, VISIT_RANGE_MAX_DAYS } from '#shared/catalogue/listings.ts';
import { DATE_MAX, DATE_MESSAGES, DATE_MIN } from '#shared/rules/business-time.ts';
import { SEARCH_MAX_WORDS, SEARCH_MESSAGES } from '#shared/rules/listing-search.ts';
import type { ApiError } from '../../api/client.ts';

/** The search rules' and the server's messages of the listing screens: the key of their translation and its values. */
const MESSAGE_KEYS: Record<string, [string, Record<string, string | number>?]> = {
  [SEARCH_MESSAGES.unknownCommand]: ['listings.msg.unknown_command'],
  [SEARCH_MESSAGES.mlsNull]: ['listings.msg.mls_null'],
  [SEARCH_MESSAGES.date]: ['listings.msg.date_command'],
  [SEARCH_MESSAGES.twice]: ['listings.msg.twice'],
  [SEARCH_MESSAGES.range]: ['listings.msg.command_range'],
  [SEARCH_MESSAGES.tooManyWords]: ['listings.msg.too_many_words', { max: SEARCH_MAX_WORDS }],
  [LISTING_MESSAGES.range]: ['listings.msg.range', { days: VISIT_RANGE_MAX_DAYS }],
  [DATE_MESSAGES.calendarDate]: ['listings.msg.calendar_date', { min: DATE_MIN, max: DATE_MAX }],
  [LISTING_MESSAGES.addressNotFound]: ['listings.msg.address_not_found'],
};

/** A search or server message in the reader's language; one the screens do not know is 'the request is not valid'. */
export function listingMessage(t: TFunction, message: string): string {
  const [key, values] = MESSAGE_KEYS[message] ?? ['listings.msg.invalid'];
  return t(key, values);
}

/** A 400 answer of a listing operation in the reader's language: its first field message, else its message. */
export function refusalMessage(t: TFunction, error: ApiError): string {
  const first = Object.values(error.fields ?? {})[0]?.[0];
  return listingMessage(t, first ?? error.message);
}
