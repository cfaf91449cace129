import { getZones } from '#shared/catalogue/zones.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listZones, toGeoJson } from '../storage/zones.ts';

export const handler = apiHandler(getZones, async ({ type }) => {
  const zones = await listZones(type);
  return { status: 200 as const, zones: zones.map((z) => ({ id: z.id, zone_name: z.zone_name, type: z.type, coordinates: toGeoJson(z) })) };
});
