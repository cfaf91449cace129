import { fetchExtraServices as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getShootingItem } from '../storage/shootings.ts';
import { extraServices } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 fetchExtraServices: the services one may still add to the shooting. */
export const handler = apiHandler(operation, async ({ shooting_id }) => {
  const shooting = await getShootingItem(shooting_id);
  if (!shooting) throw notFound('Shooting not found.');
  return { services: await extraServices(shooting) };
});
