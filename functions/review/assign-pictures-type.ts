import { assignPicturesType, REVIEW_MESSAGES } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { applyOrConflict, brokerPictureTypes, listingOrThrow, picturesNamed } from '../use-cases/review.ts';

/**
 * A type for pictures (§7 'assign pictures type', §9; ADR 0276): the service-offer id must be one
 * of the three choices of the listing broker's subscription; bought pictures are locked (§5).
 */
export const handler = apiHandler(assignPicturesType, async ({ listing_id, picture_ids, service_offer_id }, { log }) => {
  const listing = await listingOrThrow(listing_id);
  const allowed = Object.values((await brokerPictureTypes(listing)).choices);
  if (!allowed.includes(service_offer_id)) throw badRequest(REVIEW_MESSAGES.typeNotForSubscription, { service_offer_id: [REVIEW_MESSAGES.typeNotForSubscription] });
  const pictures = await picturesNamed(listing_id, picture_ids);
  if (pictures.some((p) => p.is_purchased)) throw badRequest(REVIEW_MESSAGES.purchasedType, { picture_ids: [REVIEW_MESSAGES.purchasedType] });
  await applyOrConflict(pictures.map((picture) => ({ picture, fields: { service_offer_id }, unlessPurchased: true })));
  log('picture type', { listing_id, count: pictures.length, service_offer_id });
  return { status: 200 as const };
});
