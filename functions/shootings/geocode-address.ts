import { geocodeAddress } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { location } from '../plumbing/location/index.ts';

export const handler = apiHandler(geocodeAddress, async ({ place_id, text }) => {
  const place = await (await location()).geocode({ ...(place_id ? { placeId: place_id } : {}), ...(text ? { text } : {}) });
  if (!place) throw notFound('Unknown place.');
  return place;
});
