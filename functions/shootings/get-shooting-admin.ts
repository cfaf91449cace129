import { assignPostProdTech, getShootingAdmin as operation } from '#shared/catalogue/shootings.ts';
import { checkRoute } from '#shared/routes.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getShootingItem } from '../storage/shootings.ts';
import { adminView, postProdTechs } from '../use-cases/shooting-admin.ts';

/**
 * The shooting dialog's read: the shooting as staff administer it, and the post-production
 * technicians to choose from, for a role that may assign one (the other readers get none).
 */
export const handler = apiHandler(operation, async ({ shooting_id }, ctx) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  const assigns = checkRoute(assignPostProdTech.access, ctx.user.role) === 'allow';
  const [data, pp_techs] = await Promise.all([adminView(shooting), assigns ? postProdTechs() : []]);
  return { data, pp_techs };
});
