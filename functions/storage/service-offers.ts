import { byOrderIndex, serviceOfferRecord, type ServiceOfferFields, type ServiceOfferRecord } from '#shared/entities/service-offer.ts';
import { tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { holdPiece, type TransactItem } from '../plumbing/transact.ts';
import { deleteCatalogueItem, getCatalogueItem, insertCatalogueItem, listCatalogueItems, mustGetCatalogueItem, replaceCatalogueItem, type CatalogueKind, type ExtraWrites } from './catalogue-items.ts';

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

const kind: CatalogueKind<StoredServiceOffer> = {
  counter: 'serviceOffer',
  idFloor: SERVICE_OFFER_ID_FLOOR,
  item: keys.serviceOffer,
  index: keys.serviceOfferIndex,
  pattern: 'allServiceOffers',
  partition: keys.allServiceOffers,
  keyGuard: keys.serviceOfferKeyName,
  parse: (item) => ({ ...serviceOfferRecord.parse(item), holder_stamp: typeof item.holder_stamp === 'string' ? item.holder_stamp : null }),
  notFoundMessage: 'Service offer not found.',
};

export const getServiceOffer = (id: number) => getCatalogueItem(kind, id);
export const mustGetServiceOffer = (id: number) => mustGetCatalogueItem(kind, id);

/** Every service offer, by order_index then id. */
export async function listServiceOffers(): Promise<StoredServiceOffer[]> {
  return (await listCatalogueItems(kind)).sort(byOrderIndex);
}

export function insertServiceOffer(fields: ServiceOfferFields, options: { id?: number; now?: Date } = {}): Promise<StoredServiceOffer> {
  return insertCatalogueItem(kind, fields, options);
}

export function replaceServiceOffer(id: number, version: number, fields: ServiceOfferFields): Promise<StoredServiceOffer> {
  return replaceCatalogueItem(kind, id, version, fields);
}

/** Deletes an offer read with its holders checked: 409 if it changed or a package took it meanwhile. */
export function deleteServiceOffer(offer: StoredServiceOffer, version?: number): Promise<void> {
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
