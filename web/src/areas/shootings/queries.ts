import { queryOptions } from '@tanstack/react-query';
import {
  BUSINESS_TIME_ZONE,
  getAllShootings,
  getShooting,
  suggestAddresses,
  validateShootingAvailability,
} from '#shared/catalogue/shootings.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the shootings area; booking, change-time and cancel invalidate `all()`. */
export const shootingQueries = {
  all: () => ['shootings'] as const,
  list: () =>
    queryOptions({
      queryKey: [...shootingQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => callOperation(getAllShootings, {}, { signal }),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...shootingQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => callOperation(getShooting, { shooting_id: id }, { signal }),
    }),
  /** The time-slot list of a property for the 7 days from `date` (never cached long: it changes with every booking). */
  slots: (input: InputOf<typeof validateShootingAvailability>) =>
    queryOptions({
      queryKey: [...shootingQueries.all(), 'slots', input] as const,
      queryFn: ({ signal }) => callOperation(validateShootingAvailability, input, { signal }),
      staleTime: 0,
    }),
};

export const locationQueries = {
  suggestions: (text: string, language: 'fr' | 'en') =>
    queryOptions({
      queryKey: ['location', 'suggestions', language, text] as const,
      queryFn: ({ signal }) => callOperation(suggestAddresses, { text, language }, { signal }),
      enabled: text.trim().length >= 3,
      staleTime: 5 * 60_000,
    }),
};

export const languageOf = (lng: string): 'fr' | 'en' => (lng.startsWith('fr') ? 'fr' : 'en');
const locale = (lng: string) => (lng.startsWith('fr') ? 'fr-CA' : 'en-CA');

/** 'mardi 24 novembre 2026' / 'Tuesday, November 24, 2026' for a slot's local midnight. */
export function formatDay(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(locale(lng), { timeZone: BUSINESS_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
}

/** Column header of the slot table: 'mar. 24 nov.' */
export function formatDayShort(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(locale(lng), { timeZone: BUSINESS_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
}

/** Exact date and time of a confirmed shooting. */
export function formatDateTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(locale(lng), { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}
