import { createServiceOffer } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { insertServiceOffer } from '../storage/service-offers.ts';

/** A new service offer; 409 when its key_name is taken. */
export const handler = apiHandler(createServiceOffer, async (fields, { log }) => {
  const offer = await insertServiceOffer(fields);
  log('service offer created', offer.id, offer.key_name);
  return { data: offer };
});
