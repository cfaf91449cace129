import { updatePicturesVideoSelection } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { reviewChange } from '../storage/pictures.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

/** In or out of the slideshow and the automated videos. */
export const handler = apiHandler(updatePicturesVideoSelection, async ({ listing_id, picture_ids, included_in_video }) => {
  const pictures = await picturesNamed(listing_id, picture_ids);
  await applyOrConflict(pictures.map((p) => reviewChange(p, { included_in_video })));
  return { status: 200 as const };
});
