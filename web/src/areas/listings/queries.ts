import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getListing, getListingsForMap, getListingVisitStats, getVisitReport, purgeListingCache, searchListings, updateListing, type ListingFields } from '#shared/catalogue/listings.ts';
import { generateDeliveryToken } from '#shared/catalogue/deliveries.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the listings area (/listings, the listing dialog, /ListingStats); a listing save invalidates `all()` (and /badlistings' audit, under it). */
export const listingQueries = {
  all: () => ['listings'] as const,
  /** The first SEARCH_PAGE rows, or with `loadAll` up to SEARCH_PAGE_ALL; `count` is the full total either way. */
  search: (search: string, loadAll = false) =>
    queryOptions({
      queryKey: [...listingQueries.all(), 'search', search, loadAll] as const,
      queryFn: ({ signal }) => callOperation(searchListings, { search, ...(loadAll ? { loadAll: 'true' as const } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  map: () => queryOptions({ queryKey: [...listingQueries.all(), 'map'] as const, queryFn: ({ signal }) => callOperation(getListingsForMap, {}, { signal }).then((a) => a.points) }),
  one: (id: number) =>
    queryOptions({
      queryKey: [...listingQueries.all(), 'one', id] as const,
      queryFn: ({ signal }) => callOperation(getListing, { id }, { signal }).then((a) => a.listing),
      // The dialog keeps the version it was opened with: a refetch must not change it under the user.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  visits: (id: number, from: string, to: string) =>
    queryOptions({ queryKey: [...listingQueries.all(), 'visits', id, from, to] as const, queryFn: ({ signal }) => callOperation(getListingVisitStats, { id, from, to }, { signal }) }),
  report: (from: string, to: string) =>
    queryOptions({ queryKey: ['visit-report', from, to] as const, queryFn: ({ signal }) => callOperation(getVisitReport, { from, to }, { signal }) }),
};

/** Saves the listing dialog on the version it read; reloads the listings (search rows, map, bad-listing audit) whatever the outcome. */
export function useSaveListingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, fields }: { id: number; version: number; fields: ListingFields }) => callOperation(updateListing, { ...fields, id, version }).then((a) => a.listing),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingQueries.all() }),
  });
}

/**
 * Part 3 §7 'generate delivery token': gives the listing a new delivery link, replacing its old one
 * (which answers 404 from then on); reloads the listing (its version changed) and the map.
 */
export function useGenerateDeliveryTokenMutation(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // `replaces`: the link the dialog shows (null: none); a link made meanwhile is not replaced unseen (409).
    mutationFn: (replaces: string | null) => callOperation(generateDeliveryToken, { listing_id: listingId, replaces }).then((a) => a.distribution_token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingQueries.all() }),
  });
}

/**
 * Part 3 §7 'purge listing cache' (ADR 0550): deletes the listing's cached ZIPs and makes the server's
 * searches read the index again; answers how many files were deleted. The search rows reload too.
 */
export function usePurgeListingCacheMutation(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(purgeListingCache, { id: listingId }).then((a) => a.deleted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...listingQueries.all(), 'search'] }),
  });
}
