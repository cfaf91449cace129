import { updateShootingNote as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { changeAdminFields, shootingAtVersion } from '../storage/shootings.ts';
import { adminView } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 updateShootingNote: the shooting's general note (part 3 'general_notes'). */
export const handler = apiHandler(operation, async ({ shooting_id, version, general_notes }) => {
  const shooting = await changeAdminFields(await shootingAtVersion(shooting_id, version), { general_notes });
  return { data: await adminView(shooting) };
});
