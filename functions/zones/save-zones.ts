import { saveZones } from '#shared/catalogue/zones.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { saveZoneChanges } from '../use-cases/zone-editor.ts';

export const handler = apiHandler(saveZones, async ({ zones }, ctx) => {
  ctx.log('zones', { update: zones.update.map((z) => z.id), create: zones.create.map((z) => z.id), delete: zones.delete.map((z) => z.id) });
  return { status: 200 as const, result: await saveZoneChanges(zones) };
});
