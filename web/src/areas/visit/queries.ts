import { queryOptions } from '@tanstack/react-query';
import { getVirtualTour } from '#shared/catalogue/listings.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the virtual-tour viewer: public, called without a session token. */
export const visitQueries = {
  tour: (listingId: number, unbranded: boolean) =>
    queryOptions({
      queryKey: ['visit', listingId, unbranded] as const,
      queryFn: ({ signal }) => callOperation(getVirtualTour, { listing_id: listingId, ...(unbranded ? { unbranded: 'true' as const } : {}) }, { signal, token: null }),
      retry: false,
      staleTime: 10 * 60_000,
    }),
};
