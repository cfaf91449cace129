import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getListingsWithoutMls, getMlsMatches, setMls } from '#shared/catalogue/mls.ts';
import { getProviderBroker, getProviderBrokerReport, getProviderBrokersCsv, getProviderFilters } from '#shared/catalogue/provider.ts';
import type { ProviderSortColumn } from '#shared/entities/provider.ts';
import { callOperation } from '../../api/client.ts';

export interface BrokerScope {
  banner?: string;
  franchise?: string;
  sortColumn: ProviderSortColumn;
  sortDir: 'asc' | 'desc';
}

/** Query options of the MLS and provider screens; Save MLS invalidates `mls()`. */
export const mlsQueries = {
  mls: () => ['mls'] as const,
  withoutMls: () => queryOptions({ queryKey: [...mlsQueries.mls(), 'without'] as const, queryFn: ({ signal }) => callOperation(getListingsWithoutMls, {}, { signal }).then((a) => a.listings) }),
  matches: () => queryOptions({ queryKey: [...mlsQueries.mls(), 'matches'] as const, queryFn: ({ signal }) => callOperation(getMlsMatches, {}, { signal }) }),
  filters: () => queryOptions({ queryKey: ['provider', 'filters'] as const, queryFn: ({ signal }) => callOperation(getProviderFilters, {}, { signal }) }),
  brokers: (scope: BrokerScope) =>
    infiniteQueryOptions({
      queryKey: ['provider', 'brokers', scope] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) => callOperation(getProviderBrokerReport, { ...scope, offset: pageParam }, { signal }),
      getNextPageParam: (last) => last.offset ?? undefined,
    }),
  broker: (code: string) => queryOptions({ queryKey: ['provider', 'broker', code] as const, queryFn: ({ signal }) => callOperation(getProviderBroker, { code }, { signal }) }),
};

/** centris.csv of a scope, saved by the browser. */
export async function downloadCentrisCsv(scope: BrokerScope): Promise<void> {
  const { filename, csv } = await callOperation(getProviderBrokersCsv, scope);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

export function useSetMlsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { listingId: number; mls: string; shown: string | null }) => callOperation(setMls, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mlsQueries.mls() }),
  });
}
