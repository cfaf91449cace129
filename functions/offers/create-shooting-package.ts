import { createShootingPackage } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { insertShootingPackage } from '../storage/shooting-packages.ts';

/** A new package; 400 when an included offer does not exist, 409 when its key_name is taken. */
export const handler = apiHandler(createShootingPackage, async (fields, { log }) => {
  const pkg = await insertShootingPackage(fields);
  log('shooting package created', pkg.id, pkg.key_name);
  return { data: pkg };
});
