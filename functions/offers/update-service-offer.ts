import { updateServiceOffer } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { replaceServiceOffer } from '../storage/service-offers.ts';

/** Replaces the offer's fields if still at the version read (409 otherwise, or when key_name is taken; 422 renaming a protected offer, ADR 0615). */
export const handler = apiHandler(updateServiceOffer, async ({ id, version, ...fields }) => ({ data: await replaceServiceOffer(id, version, fields) }));
