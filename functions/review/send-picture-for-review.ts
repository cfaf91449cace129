import { sendPictureForReview } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

/** Marks a picture for retouch (§4: is_validated false). */
export const handler = apiHandler(sendPictureForReview, async ({ listing_id, picture_id }) => {
  const [picture] = await picturesNamed(listing_id, [picture_id], 'picture_id');
  if (picture!.is_validated !== false) await applyOrConflict([{ picture: picture!, fields: { is_validated: false } }]);
  return { status: 200 as const };
});
