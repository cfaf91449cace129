import { assignSDCard as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { changeAdminFields, shootingAtVersion } from '../storage/shootings.ts';
import { adminView } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 assignSDCard: the label of the SD card holding the shooting; blank clears it. */
export const handler = apiHandler(operation, async ({ shooting_id, version, sd_card }) => {
  const shooting = await changeAdminFields(await shootingAtVersion(shooting_id, version), { sd_card: sd_card || null });
  return { data: await adminView(shooting) };
});
