import { getServiceOffer } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { mustGetServiceOffer } from '../storage/service-offers.ts';

export const handler = apiHandler(getServiceOffer, async ({ id }) => ({ data: await mustGetServiceOffer(id) }));
