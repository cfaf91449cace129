import { isProtectedOffer, OFFER_PROTECTION_MESSAGES } from '#shared/rules/protected-offers.ts';
import { byOrderIndex, serviceOfferRecord, type ServiceOfferFields, type ServiceOfferRecord } from '#shared/entities/service-offer.ts';
import { tableName } from '../plumbing/aws.ts';
import { HttpError } from '../plumbing/errors.ts';
import { keys } from '../plumbing/keys.ts';
import { holdPiece, type TransactItem } from '../plumbing/transact.ts';
import { deleteCatalogueItem, getCatalogueItem, insertCatalogueItem, listCatalogueItems, mustGetCatalogueItem, replaceCatalogueItem, type CatalogueKind, type ExtraWrites } from './catalogue-items.ts';
import { pure } from '#shared/pure.ts';

/**
 * Service offers (part 3 §3): the one module that reads and writes them. `holder_stamp` changes
 * whenever a package starts including the offer or a user starts holding it, so a deletion that
 * checked the holders fails if one appeared meanwhile (docs/decisions/0133, 0167).
 */
export interface StoredServiceOffer extends ServiceOfferRecord {
  holder_stamp: string | null;
}

/** Seeded offers keep the spec's ids (1–12, 176–245); new ones are numbered from 1001. */
export const SERVICE_OFFER_ID_FLOOR = 1000;

const kind: CatalogueKind<StoredServiceOffer> = /* @__PURE__ */ pure(() => ({
  counter: 'serviceOffer',
  idFloor: SERVICE_OFFER_ID_FLOOR,
  item: keys.serviceOffer,
  index: keys.serviceOfferIndex,
  pattern: 'allServiceOffers',
  partition: keys.allServiceOffers,
  keyGuard: keys.serviceOfferKeyName,
  parse: (item) => ({ ...serviceOfferRecord.parse(item), holder_stamp: typeof item.holder_stamp === 'string' ? item.holder_stamp : null }),
  notFoundMessage: 'Service offer not found.',
}));

export const getServiceOffer = (id: number) => getCatalogueItem(kind, id);
export const mustGetServiceOffer = (id: number) => mustGetCatalogueItem(kind, id);

/** Every service offer, by order_index then id. */
export async function listServiceOffers(): Promise<StoredServiceOffer[]> {
  return (await listCatalogueItems(kind)).sort(byOrderIndex);
}

export function insertServiceOffer(fields: ServiceOfferFields, options: { id?: number; now?: Date } = {}): Promise<StoredServiceOffer> {
  return insertCatalogueItem(kind, fields, options);
}

/** 422 on `key_name`: an offer the application relies on keeps its key name (docs/decisions/0615). */
export const keyProtected = () => new HttpError('unprocessable', OFFER_PROTECTION_MESSAGES.keyProtected, { fields: { key_name: [OFFER_PROTECTION_MESSAGES.keyProtected] } });
/** 422: an offer the application relies on is never deleted (docs/decisions/0615). */
export const deleteProtected = () => new HttpError('unprocessable', OFFER_PROTECTION_MESSAGES.deleteProtected);

/**
 * Replaces the offer's fields (409 when it is no longer at `version`). A protected offer's key name
 * stays: the write is conditional on `version`, so the offer checked is the one replaced.
 */
export function replaceServiceOffer(id: number, version: number, fields: ServiceOfferFields): Promise<StoredServiceOffer> {
  return replaceCatalogueItem(kind, id, version, fields, {
    check: (current) => {
      if (isProtectedOffer(current) && fields.key_name !== current.key_name) throw keyProtected();
    },
  });
}

/** Deletes an offer read with its holders checked: 409 if it changed or a package took it meanwhile; 422 for a protected one. */
export function deleteServiceOffer(offer: StoredServiceOffer, version?: number): Promise<void> {
  if (isProtectedOffer(offer)) return Promise.reject(deleteProtected());
  return deleteCatalogueItem(kind, offer, { ...(version === undefined ? {} : { version }), holderStamp: offer.holder_stamp });
}

/** The transaction pieces of a write that starts naming these offers (each must exist; its holder stamp changes). */
export function offerHolds(ids: readonly number[], stamp: string): TransactItem[] {
  return [...new Set(ids)].map((id) => holdPiece(tableName(), keys.serviceOffer(id), stamp));
}

/** `offerHolds` for a catalogue write: `onFail` answers when one of the offers is gone. */
export function holdOffers(ids: readonly number[], stamp: string, onFail: () => Error): ExtraWrites {
  return { items: offerHolds(ids, stamp), onFail };
}
