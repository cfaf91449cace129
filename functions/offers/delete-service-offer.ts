import { deleteServiceOffer as deleteServiceOfferOp, isProtectedOffer } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict } from '../plumbing/errors.ts';
import { deleteProtected, deleteServiceOffer, mustGetServiceOffer } from '../storage/service-offers.ts';
import { holdersOfServiceOffer, isHeld } from '../use-cases/catalogue-holders.ts';

/**
 * Deletes an offer no package includes and no user holds; 409 with those holders otherwise (ADR 0133).
 * An offer the application relies on is never deleted: 422, whoever holds it (ADR 0615).
 */
export const handler = apiHandler(deleteServiceOfferOp, async ({ id, version }, { log }) => {
  const offer = await mustGetServiceOffer(id);
  if (isProtectedOffer(offer)) throw deleteProtected();
  const holders = await holdersOfServiceOffer(id);
  if (isHeld(holders)) throw conflict('This service offer is still used by packages or users.', holders);
  await deleteServiceOffer(offer, version);
  log('service offer deleted', id, offer.key_name);
  return { status: 200 as const, id };
});
