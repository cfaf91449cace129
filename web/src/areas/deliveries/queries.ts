import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadAllPictures, getDeliveriesFromToken, getDeliveryListings, getTechDeliveries, leaveFeedback, type DeliveryPicture } from '#shared/catalogue/deliveries.ts';
import { getDeliveryVideos } from '#shared/catalogue/videos.ts';
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

/** The public delivery page of a token, on this origin. */
export function deliveryPageUrl(token: string): string {
  return `${window.location.origin}/delivery/${encodeURIComponent(token)}`;
}
