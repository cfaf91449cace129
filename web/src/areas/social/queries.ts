import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getUnlinkedSocialPages, linkSocialPage, searchSocialBrokers } from '#shared/catalogue/social.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the social area (/facebook_page_manager). */
export const socialQueries = {
  all: () => ['social'] as const,
  unlinked: () =>
    queryOptions({
      queryKey: [...socialQueries.all(), 'unlinked'] as const,
      queryFn: ({ signal }) => callOperation(getUnlinkedSocialPages, {}, { signal }),
    }),
  /** Brokers whose name or e-mail contains the text (at least two characters). */
  brokers: (text: string) =>
    queryOptions({
      queryKey: [...socialQueries.all(), 'brokers', text] as const,
      queryFn: ({ signal }) => callOperation(searchSocialBrokers, { text }, { signal }),
      enabled: text.trim().length >= 2,
      staleTime: 30_000,
    }),
};

/** Linking reloads the unlinked pages and the broker search (the broker's page changed). */
export function useLinkSocialPageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof linkSocialPage>) => callOperation(linkSocialPage, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialQueries.all() }),
  });
}
