import { SHOOTING_ADMIN_MESSAGES, assignPostProdTech as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { assignPostProd, shootingAtVersion } from '../storage/shootings.ts';
import { adminView, postProdTechs } from '../use-cases/shooting-admin.ts';

/** Assigns the shooting's post-production technician (`pp_tech`), one of postProdTechs, or none. */
export const handler = apiHandler(operation, async ({ shooting_id, version, pp_tech_id }, ctx) => {
  const read = await shootingAtVersion(shooting_id, version);
  if (pp_tech_id !== null && !(await postProdTechs()).some((u) => u.id === pp_tech_id)) {
    throw badRequest(SHOOTING_ADMIN_MESSAGES.notPostProd, { pp_tech_id: [SHOOTING_ADMIN_MESSAGES.notPostProd] });
  }
  const shooting = await assignPostProd(read, pp_tech_id);
  ctx.log('pp tech', { shooting: shooting_id, pp_tech_id });
  return { data: await adminView(shooting) };
});
