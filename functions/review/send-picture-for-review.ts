import { REVIEW_MESSAGES, sendPictureForReview } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

/**
 * Marks a picture for retouch (§4: is_validated false). §5: a retouch needs at least one comment on
 * the picture, a review comment or the broker's delivery feedback; comments are never taken off a
 * picture, so the check holds until the write.
 */
export const handler = apiHandler(sendPictureForReview, async ({ listing_id, picture_id }) => {
  const [picture] = await picturesNamed(listing_id, [picture_id], 'picture_id');
  if (picture!.is_validated === false) return { status: 200 as const };
  if (picture!.comment_ticket_ids.length === 0 && !picture!.feedback_ticket_id) throw unprocessable(REVIEW_MESSAGES.retouchNeedsComment);
  await applyOrConflict([{ picture: picture!, fields: { is_validated: false } }]);
  return { status: 200 as const };
});
