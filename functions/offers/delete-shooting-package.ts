import { deleteShootingPackage as deleteShootingPackageOp } from '#shared/catalogue/offers.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict } from '../plumbing/errors.ts';
import { deleteShootingPackage, mustGetShootingPackage } from '../storage/shooting-packages.ts';
import { holdersOfShootingPackage, isHeld } from '../use-cases/catalogue-holders.ts';

/** Deletes a package no user holds; 409 with those users otherwise (ADR 0133). */
export const handler = apiHandler(deleteShootingPackageOp, async ({ id, version }, { log }) => {
  const pkg = await mustGetShootingPackage(id);
  const holders = await holdersOfShootingPackage(id);
  if (isHeld(holders)) throw conflict('This shooting package is still held by users.', holders);
  await deleteShootingPackage(pkg, version);
  log('shooting package deleted', id, pkg.key_name);
  return { status: 200 as const, id };
});
