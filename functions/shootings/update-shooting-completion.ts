import { updateShootingCompletion as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { changeAdminFields, shootingAtVersion } from '../storage/shootings.ts';
import { adminView } from '../use-cases/shooting-admin.ts';

/** 'Marquer comme complet' / 'Marquer comme incomplet' (part 3 §4): all services delivered or not. */
export const handler = apiHandler(operation, async ({ shooting_id, version, all_services_delivered }) => {
  const shooting = await changeAdminFields(await shootingAtVersion(shooting_id, version), { all_services_delivered });
  return { data: await adminView(shooting) };
});
