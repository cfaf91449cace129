import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getDeliveriesFromToken, getDeliveryListings, getTechDeliveries } from '#shared/catalogue/deliveries.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the deliveries area. The public page calls without a session token. */
export const deliveryQueries = {
  all: () => ['deliveries'] as const,
  byToken: (token: string) =>
    queryOptions({
      queryKey: [...deliveryQueries.all(), 'token', token] as const,
      queryFn: ({ signal }) => callOperation(getDeliveriesFromToken, { token }, { signal, token: null }),
      retry: false,
    }),
  listings: (limit: number, cursor: string | undefined) =>
    queryOptions({
      queryKey: [...deliveryQueries.all(), 'listings', limit, cursor ?? ''] as const,
      queryFn: ({ signal }) => callOperation(getDeliveryListings, { limit, ...(cursor ? { cursor } : {}) }, { signal }),
      placeholderData: keepPreviousData,
    }),
  techShootings: (limit: number, cursor: string | undefined) =>
    queryOptions({
      queryKey: [...deliveryQueries.all(), 'tech', limit, cursor ?? ''] as const,
      queryFn: ({ signal }) => callOperation(getTechDeliveries, { limit, ...(cursor ? { cursor } : {}) }, { signal }),
      placeholderData: keepPreviousData,
    }),
};

/** The public delivery page of a token, on this origin. */
export function deliveryPageUrl(token: string): string {
  return `${window.location.origin}/delivery/${encodeURIComponent(token)}`;
}
