import { updateShootingPackage } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { replaceShootingPackage } from '../storage/shooting-packages.ts';

/** Replaces the package's fields if still at the version read (409 otherwise); included offers must exist (400). */
export const handler = apiHandler(updateShootingPackage, async ({ id, version, ...fields }) => ({ data: await replaceShootingPackage(id, version, fields) }));
