import { REVIEW_MESSAGES, savePictureOrder } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { picturesOfListing } from '../storage/pictures.ts';
import { applyOrConflict } from '../use-cases/review.ts';

/**
 * New positions of the pictures whose position changed (§5). The result must give each picture
 * of the listing its own position 0…n-1, so an order made on a filtered subset is refused (ADR 0211).
 */
export const handler = apiHandler(savePictureOrder, async ({ listing_id, pictures: moves }) => {
  const current = await picturesOfListing(listing_id);
  const position = new Map(current.map((p, i) => [p.id, i]));
  for (const move of moves) {
    if (!position.has(move.id)) throw badRequest(REVIEW_MESSAGES.unknownPicture, { pictures: [REVIEW_MESSAGES.unknownPicture] });
    position.set(move.id, move.picture_index);
  }
  const taken = new Set(position.values());
  if (taken.size !== current.length || [...taken].some((at) => at >= current.length)) {
    throw badRequest(REVIEW_MESSAGES.orderNotPermutation, { pictures: [REVIEW_MESSAGES.orderNotPermutation] });
  }
  const changed = current.filter((p, i) => position.get(p.id) !== i || (p.order_index !== null && p.order_index !== position.get(p.id)));
  await applyOrConflict(changed.map((picture) => ({ picture, fields: { order_index: position.get(picture.id)! } })));
  return { status: 200 as const, saved: changed.length };
});
