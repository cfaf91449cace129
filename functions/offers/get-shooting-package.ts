import { getShootingPackage } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { mustGetShootingPackage } from '../storage/shooting-packages.ts';

export const handler = apiHandler(getShootingPackage, async ({ id }) => ({ data: await mustGetShootingPackage(id) }));
