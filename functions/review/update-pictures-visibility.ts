import { REVIEW_MESSAGES, updatePicturesVisibility } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

/** Public or private (§5: a bought picture keeps its visibility; a private picture has no watermark). */
export const handler = apiHandler(updatePicturesVisibility, async ({ listing_id, picture_ids, public: isPublic }, { log }) => {
  const pictures = await picturesNamed(listing_id, picture_ids);
  if (pictures.some((p) => p.is_purchased)) throw badRequest(REVIEW_MESSAGES.purchased, { picture_ids: [REVIEW_MESSAGES.purchased] });
  await applyOrConflict(pictures.map((picture) => ({ picture, fields: isPublic ? { public: true } : { public: false, show_watermark: false }, unlessPurchased: true })));
  log('visibility', { listing_id, count: pictures.length, public: isPublic });
  return { status: 200 as const };
});
