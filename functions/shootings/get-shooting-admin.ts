import { getShootingAdmin as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getShootingItem } from '../storage/shootings.ts';
import { adminView, postProdTechs } from '../use-cases/shooting-admin.ts';

/** The shooting dialog's read: the shooting as staff administer it, and the post-production technicians. */
export const handler = apiHandler(operation, async ({ shooting_id }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  const [data, pp_techs] = await Promise.all([adminView(shooting), postProdTechs()]);
  return { data, pp_techs };
});
