import { REVIEW_MESSAGES, sendPictureForReview } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { getPicture, type StoredPicture } from '../storage/pictures.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

const hasComment = (p: StoredPicture) => p.comment_ticket_ids.length > 0 || !!p.feedback_ticket_id;

/**
 * Marks a picture for retouch (§4: is_validated false). §5: a retouch needs at least one comment on
 * the picture, a review comment or the broker's delivery feedback; comments are never taken off a
 * picture, so the check holds until the write.
 */
export const handler = apiHandler(sendPictureForReview, async ({ listing_id, picture_id }) => {
  const [named] = await picturesNamed(listing_id, [picture_id], 'picture_id');
  // The dialog posts a typed comment just before the retouch: a list read may not show it yet, the picture's own strong read does.
  const picture = hasComment(named!) ? named! : ((await getPicture(listing_id, named!.shooting_id, named!.picture_index, true)) ?? named!);
  if (picture.is_validated === false) return { status: 200 as const };
  if (!hasComment(picture)) throw unprocessable(REVIEW_MESSAGES.retouchNeedsComment);
  await applyOrConflict([{ picture, fields: { is_validated: false } }]);
  return { status: 200 as const };
});
