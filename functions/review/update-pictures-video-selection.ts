import { REVIEW_MESSAGES, SLIDESHOW_MAX, updatePicturesVideoSelection } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { picturesOfListing } from '../storage/pictures.ts';
import { applyOrConflict, picturesNamedAmong } from '../use-cases/review.ts';

/** In or out of the slideshow and the automated videos; the slideshow holds at most SLIDESHOW_MAX pictures (422). */
export const handler = apiHandler(updatePicturesVideoSelection, async ({ listing_id, picture_ids, included_in_video }) => {
  const all = await picturesOfListing(listing_id);
  const pictures = picturesNamedAmong(all, picture_ids);
  if (included_in_video) {
    const named = new Set(pictures.map((p) => p.id));
    const after = all.filter((p) => p.included_in_video || named.has(p.id)).length;
    if (after > SLIDESHOW_MAX) throw unprocessable(REVIEW_MESSAGES.slideshowFull);
  }
  await applyOrConflict(pictures.map((picture) => ({ picture, fields: { included_in_video } })));
  return { status: 200 as const };
});
