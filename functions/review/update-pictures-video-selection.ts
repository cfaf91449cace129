import { REVIEW_MESSAGES, SLIDESHOW_MAX, updatePicturesVideoSelection } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { picturesOfListing, slideshowClaim, slideshowVersion } from '../storage/pictures.ts';
import { applyOrConflict, picturesNamedAmong } from '../use-cases/review.ts';

/**
 * In or out of the slideshow and the automated videos; the slideshow holds at most SLIDESHOW_MAX
 * pictures (422). An addition counts the slideshow under its guard's version, read first, and
 * commits only while no other addition moved it (409 otherwise, ADR 0700): two reviewers adding
 * at once cannot take it past the maximum.
 */
export const handler = apiHandler(updatePicturesVideoSelection, async ({ listing_id, picture_ids, included_in_video }) => {
  const guard = included_in_video ? await slideshowVersion(listing_id) : undefined;
  const all = await picturesOfListing(listing_id);
  const pictures = picturesNamedAmong(all, picture_ids);
  if (included_in_video) {
    const named = new Set(pictures.map((p) => p.id));
    const after = all.filter((p) => p.included_in_video || named.has(p.id)).length;
    if (after > SLIDESHOW_MAX) throw unprocessable(REVIEW_MESSAGES.slideshowFull);
  }
  await applyOrConflict(
    pictures.map((picture) => ({ picture, fields: { included_in_video } })),
    guard === undefined ? [] : [slideshowClaim(listing_id, guard)],
  );
  return { status: 200 as const };
});
