import { getShooting } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { getShootingItem, mayRead, shootingViews } from '../storage/shootings.ts';

export const handler = apiHandler(getShooting, async ({ shooting_id }, ctx) => {
  const shooting = await getShootingItem(shooting_id);
  // Another broker's (or technician's) shooting answers like a missing one: its existence is not disclosed.
  if (!shooting || !mayRead(ctx.user, shooting)) throw notFound('Shooting not found.');
  return { data: (await shootingViews([shooting]))[0]! };
});
