import { setShootingNotes as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { changeAdminFields, shootingAtVersion } from '../storage/shootings.ts';
import { adminView } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 setShootingNotes: the technician's note and the post-production notes together. */
export const handler = apiHandler(operation, async ({ shooting_id, version, tech_note, post_prod_notes }) => {
  const shooting = await changeAdminFields(await shootingAtVersion(shooting_id, version), { tech_note, post_prod_notes });
  return { data: await adminView(shooting) };
});
