import { SHOOTING_MESSAGES, validateShootingCity } from '#shared/catalogue/shootings.ts';
import { ZoneType } from '#shared/enums.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { location } from '../plumbing/location/index.ts';
import { listZones, photoshootZonesAt } from '../storage/zones.ts';

/** Supported = the picked address (lat, lng), or else the geocoded city, lies in a photoshoot zone. */
export const handler = apiHandler(validateShootingCity, async ({ city, lat, lng }, ctx) => {
  const point = lat !== undefined && lng !== undefined ? { lat, lng } : await (await location()).geocode({ text: city });
  const zoneIds = point ? photoshootZonesAt(point, await listZones(ZoneType.photoshoot)) : [];
  ctx.log('city', city, point ?? 'unknown', zoneIds);
  if (!zoneIds.length) throw unprocessable(SHOOTING_MESSAGES.cityNotSupported, { key: 'bookshooting.city_not_supported' });
  return { status: 200 as const, message: SHOOTING_MESSAGES.citySupported, zone_ids: zoneIds };
});
