import { billShooting as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { changeAdminFields, shootingAtVersion } from '../storage/shootings.ts';
import { adminView } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 billShooting: billable or not, at the version the dialog read. */
export const handler = apiHandler(operation, async ({ shooting_id, version, billable }, ctx) => {
  const shooting = await changeAdminFields(await shootingAtVersion(shooting_id, version), { billable });
  ctx.log('billable', { shooting: shooting_id, billable });
  return { data: await adminView(shooting) };
});
