import { markPictureValid } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

/** Validates a picture (§4: null or false → true). */
export const handler = apiHandler(markPictureValid, async ({ listing_id, picture_id }) => {
  const [picture] = await picturesNamed(listing_id, [picture_id], 'picture_id');
  if (picture!.is_validated !== true) await applyOrConflict([{ picture: picture!, fields: { is_validated: true } }]);
  return { status: 200 as const };
});
