import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getLogCharts, getRequestLogs } from '#shared/catalogue/logs.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the request-log viewer (/superlog) and analytics (/SuperAnalytics); both only read. */
export const logQueries = {
  all: () => ['logs'] as const,
  /** Pages of 50; the next asks from offset = rows already loaded, continuing at the previous answer's cursor. */
  requests: (search: string, direction: 'asc' | 'desc') =>
    infiniteQueryOptions({
      queryKey: [...logQueries.all(), 'requests', search, direction] as const,
      queryFn: ({ pageParam, signal }) => callOperation(getRequestLogs, { search, direction, offset: pageParam.offset, ...(pageParam.cursor ? { cursor: pageParam.cursor } : {}) }, { signal }),
      initialPageParam: { offset: 0, cursor: undefined as string | undefined },
      getNextPageParam: (last) => (last.cursor ? { offset: last.offset, cursor: last.cursor } : undefined),
      retry: false,
    }),
  charts: (search: string) =>
    queryOptions({
      queryKey: [...logQueries.all(), 'charts', search] as const,
      queryFn: ({ signal }) => callOperation(getLogCharts, { search }, { signal }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
};
