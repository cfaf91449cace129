import { randomUUID } from 'node:crypto';
import { CATALOGUE_MESSAGES } from '#shared/entities/catalogue-fields.ts';
import { byOrderIndex } from '#shared/entities/service-offer.ts';
import { shootingPackageRecord, type ShootingPackageFields, type ShootingPackageRecord } from '#shared/entities/shooting-package.ts';
import { invalidInput } from '../plumbing/errors.ts';
import { tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { holdPiece, type TransactItem } from '../plumbing/transact.ts';
import { deleteCatalogueItem, getCatalogueItem, insertCatalogueItem, listCatalogueItems, mustGetCatalogueItem, replaceCatalogueItem, type CatalogueKind } from './catalogue-items.ts';
import { holdOffers } from './service-offers.ts';
import { pure } from '#shared/pure.ts';

/**
 * Shooting packages (part 3 §3): the one module that reads and writes them. A package's
 * included_service_offers must exist when it is written (checked in the same transaction).
 */
export interface StoredShootingPackage extends ShootingPackageRecord {
  /** Changes whenever a user starts holding the package (docs/decisions/0167). */
  holder_stamp: string | null;
}

/** Seeded packages keep their ids (1–3); new ones are numbered from 101. */
export const SHOOTING_PACKAGE_ID_FLOOR = 100;

const kind: CatalogueKind<StoredShootingPackage> = /* @__PURE__ */ pure(() => ({
  counter: 'shootingPackage',
  idFloor: SHOOTING_PACKAGE_ID_FLOOR,
  item: keys.shootingPackage,
  index: keys.shootingPackageIndex,
  pattern: 'allShootingPackages',
  partition: keys.allShootingPackages,
  keyGuard: keys.shootingPackageKeyName,
  parse: (item) => ({ ...shootingPackageRecord.parse(item), holder_stamp: typeof item.holder_stamp === 'string' ? item.holder_stamp : null }),
  notFoundMessage: 'Shooting package not found.',
}));

export const getShootingPackage = (id: number) => getCatalogueItem(kind, id);
export const mustGetShootingPackage = (id: number) => mustGetCatalogueItem(kind, id);

/** Every shooting package, by order_index then id. */
export async function listShootingPackages(): Promise<StoredShootingPackage[]> {
  return (await listCatalogueItems(kind)).sort(byOrderIndex);
}

const unknownOffer = () => invalidInput({ included_service_offers: [CATALOGUE_MESSAGES.unknownOffer] });
const withOffers = (fields: ShootingPackageFields) => holdOffers(fields.included_service_offers, randomUUID(), unknownOffer);

export function insertShootingPackage(fields: ShootingPackageFields, options: { id?: number; now?: Date } = {}): Promise<StoredShootingPackage> {
  return insertCatalogueItem(kind, { ...fields, included_service_offers: [...new Set(fields.included_service_offers)] }, { ...options, extra: withOffers(fields) });
}

export function replaceShootingPackage(id: number, version: number, fields: ShootingPackageFields): Promise<StoredShootingPackage> {
  return replaceCatalogueItem(kind, id, version, { ...fields, included_service_offers: [...new Set(fields.included_service_offers)] }, { extra: withOffers(fields) });
}

/** Deletes a package read with its holders checked: 409 if it changed or a user took it meanwhile. */
export function deleteShootingPackage(pkg: StoredShootingPackage, version?: number): Promise<void> {
  return deleteCatalogueItem(kind, pkg, { ...(version === undefined ? {} : { version }), holderStamp: pkg.holder_stamp });
}

/** The transaction pieces a user write naming these packages adds (each must exist; its stamp changes). */
export function holdPackages(ids: readonly number[], stamp: string): TransactItem[] {
  return [...new Set(ids)].map((id) => holdPiece(tableName(), keys.shootingPackage(id), stamp));
}
