import { queryOptions } from '@tanstack/react-query';
import { suggestAddresses } from '#shared/catalogue/shootings.ts';
import { callOperation } from '../api/client.ts';

/**
 * Address suggestions (Amazon Location; offline, the gazetteer) for the forms filled from an
 * address: the booking wizard and the depot form. Shared by two areas, so it lives here.
 */
export const locationQueries = {
  suggestions: (text: string, language: 'fr' | 'en') =>
    queryOptions({
      queryKey: ['location', 'suggestions', language, text] as const,
      queryFn: ({ signal }) => callOperation(suggestAddresses, { text, language }, { signal }),
      enabled: text.trim().length >= 3,
      staleTime: 5 * 60_000,
    }),
};
