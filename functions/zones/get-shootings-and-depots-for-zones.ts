import { getShootingsAndDepotsForZones } from '#shared/catalogue/zones.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { zoneMapData } from '../use-cases/zone-editor.ts';

export const handler = apiHandler(getShootingsAndDepotsForZones, async (query) => ({ status: 200 as const, result: await zoneMapData(query) }));
