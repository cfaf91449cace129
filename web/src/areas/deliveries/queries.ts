import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadAllPictures, downloadMlsPictures, getDeliveriesFromToken, getDeliveryListings, getTechDeliveries, leaveFeedback, type DeliveryPicture } from '#shared/catalogue/deliveries.ts';
import { getDeliveryVideos } from '#shared/catalogue/videos.ts';
import { callOperation } from '../../api/client.ts';
import { UNBRANDED_SEARCH } from '../../app/branding.ts';

/** Query options of the deliveries area. The public page calls without a session token. */
export const deliveryQueries = {
  all: () => ['deliveries'] as const,
  byToken: (token: string) =>
    queryOptions({
      queryKey: [...deliveryQueries.all(), 'token', token] as const,
      queryFn: ({ signal }) => callOperation(getDeliveriesFromToken, { token }, { signal, token: null }),
      retry: false,
    }),
  /** The listing's uploaded automated videos (ADR 0240). */
  videos: (token: string) =>
    queryOptions({
      queryKey: [...deliveryQueries.all(), 'token', token, 'videos'] as const,
      queryFn: ({ signal }) => callOperation(getDeliveryVideos, { token }, { signal, token: null }),
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

/** The download-all ZIP of a delivery (public: no session token); its answer is a link, nothing cached changes. */
export function useDownloadAllMutation(token: string) {
  return useMutation({ mutationFn: () => callOperation(downloadAllPictures, { token }, { token: null }) });
}

/** The MLS-ready ZIP of a delivery (ADR 0250; public, no session token): a link, like download-all. */
export function useDownloadMlsMutation(token: string) {
  return useMutation({ mutationFn: () => callOperation(downloadMlsPictures, { token }, { token: null }) });
}

/** Feedback on a picture becomes a ticket the picture then links to: the delivery is reloaded, also on failure. */
export function useLeaveFeedbackMutation(token: string, picture: DeliveryPicture, options: { onSent: (ticketId: number) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => callOperation(leaveFeedback, { token, shooting_id: picture.shooting_id, picture_index: picture.picture_index, text }, { token: null }),
    onSuccess: (answer) => options.onSent(answer.data.ticket_id),
    // Part 1 §8: a feedback failure is logged only.
    onError: (error) => console.error('feedback failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryQueries.byToken(token).queryKey }),
  });
}

/** The public delivery page of a token, on this origin; `unbranded`: the link for the MLS (ADR 0251). */
export function deliveryPageUrl(token: string, { unbranded = false }: { unbranded?: boolean } = {}): string {
  return `${window.location.origin}/delivery/${encodeURIComponent(token)}${unbranded ? `?${UNBRANDED_SEARCH}` : ''}`;
}

/** The listing's virtual-tour viewer, unbranded too when the delivery page is (ADR 0251). */
export function tourPath(listingId: number, { unbranded = false }: { unbranded?: boolean } = {}): string {
  return `/visit/${listingId}${unbranded ? `?${UNBRANDED_SEARCH}` : ''}`;
}
