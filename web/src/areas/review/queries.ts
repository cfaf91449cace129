import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignPicturesType,
  getFloorplan,
  getListingPictures,
  getPictureTypes,
  listingsForReview,
  markPictureValid,
  postPictureComment,
  publishListing,
  replyPictureComment,
  savePictureOrder,
  sendMediaEmail,
  sendPictureForReview,
  sendShootingForRetouch,
  updatePicturesVideoSelection,
  updatePicturesVisibility,
  updatePicturesWatermark,
  type ReviewPicture,
} from '#shared/catalogue/review.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the review area (/tech_review, /tech_review/{listing_id}); each mutation reloads what it changes. */
export const reviewQueries = {
  all: () => ['review'] as const,
  queue: () => queryOptions({ queryKey: [...reviewQueries.all(), 'queue'] as const, queryFn: ({ signal }) => callOperation(listingsForReview, {}, { signal }).then((a) => a.tabs) }),
  listing: (listingId: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'listing', listingId] as const,
      queryFn: ({ signal }) => callOperation(getListingPictures, { listing_id: listingId }, { signal }),
      refetchOnWindowFocus: false,
    }),
  /** The floorplan rooms (ADR 0275). */
  floorplan: (listingId: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'floorplan', listingId] as const,
      queryFn: ({ signal }) => callOperation(getFloorplan, { listing_id: listingId }, { signal }).then((a) => a.floorplanRooms),
      refetchOnWindowFocus: false,
    }),
  /** The picture types of the broker's subscription (ADR 0276). */
  pictureTypes: (listingId: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'picture-types', listingId] as const,
      queryFn: ({ signal }) => callOperation(getPictureTypes, { listing_id: listingId }, { signal }),
      staleTime: Infinity,
    }),
};

function useReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
}

export function useValidationMutation(listingId: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ pictureId, valid }: { pictureId: number; valid: boolean }) => callOperation(valid ? markPictureValid : sendPictureForReview, { listing_id: listingId, picture_id: pictureId }),
    onSettled: reload,
  });
}

export type PictureFlag = 'public' | 'included_in_video' | 'show_watermark';

export function usePictureFlagMutation(listingId: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ flag, ids, value }: { flag: PictureFlag; ids: number[]; value: boolean }) =>
      flag === 'public'
        ? callOperation(updatePicturesVisibility, { listing_id: listingId, picture_ids: ids, public: value })
        : flag === 'included_in_video'
          ? callOperation(updatePicturesVideoSelection, { listing_id: listingId, picture_ids: ids, included_in_video: value })
          : callOperation(updatePicturesWatermark, { listing_id: listingId, picture_ids: ids, show_watermark: value }),
    onSettled: reload,
  });
}

export function usePictureTypeMutation(listingId: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ ids, serviceOfferId }: { ids: number[]; serviceOfferId: number }) => callOperation(assignPicturesType, { listing_id: listingId, picture_ids: ids, service_offer_id: serviceOfferId }),
    onSettled: reload,
  });
}

/** Positions that changed between the loaded order and the new one (§5: only those are saved). */
export function changedPositions(loaded: readonly Pick<ReviewPicture, 'id'>[], ordered: readonly number[]): { id: number; picture_index: number }[] {
  return ordered.flatMap((id, index) => (loaded[index]?.id === id ? [] : [{ id, picture_index: index }]));
}

export function useSaveOrderMutation(listingId: number) {
  const reload = useReload();
  return useMutation({ mutationFn: (pictures: { id: number; picture_index: number }[]) => callOperation(savePictureOrder, { listing_id: listingId, pictures }), onSettled: reload });
}

export function useCommentMutation(listingId: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: async ({ pictureId, ticketId, text }: { pictureId?: number; ticketId?: number; text: string }): Promise<void> => {
      if (ticketId) await callOperation(replyPictureComment, { ticket_id: ticketId, text });
      else await callOperation(postPictureComment, { listing_id: listingId, picture_id: pictureId!, text });
    },
    onSettled: reload,
  });
}

export function useRetouchMutation() {
  const reload = useReload();
  return useMutation({ mutationFn: (shootingId: number) => callOperation(sendShootingForRetouch, { shooting_id: shootingId }), onSettled: reload });
}

export function usePublishMutation() {
  const reload = useReload();
  return useMutation({ mutationFn: (listingId: number) => callOperation(publishListing, { listing_id: listingId }), onSettled: reload });
}

export function useMediaEmailMutation() {
  const reload = useReload();
  return useMutation({ mutationFn: (listingId: number) => callOperation(sendMediaEmail, { listing_id: listingId }), onSettled: reload });
}

export const REVIEW_FILTERS = ['all', 'unseen', 'validated', 'retouch', 'public', 'private', 'watermarked', 'slideshow'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export function matchesFilter(p: ReviewPicture, filter: ReviewFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unseen':
      return p.is_validated === null;
    case 'validated':
      return p.is_validated === true;
    case 'retouch':
      return p.is_validated === false;
    case 'public':
      return p.public;
    case 'private':
      return !p.public;
    case 'watermarked':
      return p.show_watermark;
    case 'slideshow':
      return p.included_in_video;
  }
}

/** Elapsed-days colour (§4, §9): up to 2 days green, 3 to 4 orange, 5 or more dark red. */
export function elapsedColour(days: number): 'green' | 'orange' | 'red.9' {
  return days <= 2 ? 'green' : days <= 4 ? 'orange' : 'red.9';
}

/** The next unseen picture after `fromId` in display order (wrapping), or undefined when none remains (§4). */
export function nextUnseen(pictures: readonly Pick<ReviewPicture, 'id' | 'is_validated'>[], fromId: number): number | undefined {
  const at = pictures.findIndex((p) => p.id === fromId);
  for (let step = 1; step <= pictures.length; step++) {
    const p = pictures[(at + step) % pictures.length]!;
    if (p.is_validated === null && p.id !== fromId) return p.id;
  }
  return undefined;
}
