import { geocodeAddress } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { notFound } from '../commons/errors.ts';
import { location } from '../commons/location/index.ts';

export const handler = apiHandler(geocodeAddress, async ({ place_id, text }) => {
  const place = await (await location()).geocode({ ...(place_id ? { placeId: place_id } : {}), ...(text ? { text } : {}) });
  if (!place) throw notFound('Unknown place.');
  return place;
});
