import { getZones } from '#shared/catalogue/zones.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listZones } from '../storage/zones.ts';
import { zoneView } from '../use-cases/zone-editor.ts';

export const handler = apiHandler(getZones, async ({ type }) => ({ status: 200 as const, zones: (await listZones(type)).map(zoneView) }));
