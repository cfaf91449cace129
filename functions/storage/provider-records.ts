import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  providerBanner,
  providerBroker,
  providerFranchise,
  providerListing,
  type ProviderBanner,
  type ProviderBroker,
  type ProviderFranchise,
  type ProviderListing,
  type ProviderSortColumn,
  PROVIDER_PAGE_SIZE,
  PROVIDER_SORT_COLUMNS,
} from '#shared/entities/provider.ts';
import type { AddressKey } from '#shared/rules/quebec-address.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys, PROVIDER_SHARDS } from '../plumbing/keys.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { batchWriteAll, type WriteRequest } from '../plumbing/batch-write.ts';
import { PATIENCE, patiently } from '../plumbing/retry.ts';

/**
 * The listing-data provider's records (docs/decisions/0220): the one module that reads and writes
 * them. An import writes a whole new generation, then switches the state item to it: readers ask
 * the state for the current generation first, so they never see a half-imported file.
 */

type Item = Record<string, unknown>;

export interface ProviderState {
  generation: string;
  imported_at: string;
  key: string;
  counts: { banners: number; franchises: number; brokers: number; listings: number };
  /**
   * Brokers per report scope ('ALL', 'B#<banner>'): where a descending page starts among the
   * stored ascending pages (ADR 0480). Absent from a state written before the pages were stored.
   */
  scopeTotals?: Record<string, number>;
}

/** The generation readers use, and when it was imported (undefined before the first import). */
export async function providerState(consistent = false): Promise<ProviderState | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.providerState, ConsistentRead: consistent }));
  return Item ? (Item as unknown as ProviderState) : undefined;
}

/** A franchise as stored: its broker codes ride along (the franchise scope of the report reads them). */
export type StoredFranchise = ProviderFranchise & { brokers: string[] };
/** A provider listing as stored, with its normalized address (match-making). */
export type StoredProviderListing = ProviderListing & { key: AddressKey };

/** Everything one generation holds, as the import computed it. */
export interface ProviderGeneration {
  banners: ProviderBanner[];
  franchises: StoredFranchise[];
  brokers: (ProviderBroker & { listings: string[] })[];
  listings: StoredProviderListing[];
  /** Per scope ('ALL', 'B#<banner>') and column: broker codes in ascending order. */
  orders: { scope: string; column: ProviderSortColumn; codes: string[] }[];
}

/**
 * BatchWrite calls in flight during an import or a clean-up (ADR 0330): enough to keep DynamoDB
 * busy, few enough that the API's own calls (a login) do not queue behind a long line of batches.
 */
export const PROVIDER_WRITERS = 4;

/**
 * Writes (or deletes) items 25 at a time, PROVIDER_WRITERS batches in flight, with the import's
 * patience: a batch fails after PATIENCE.tries calls (about 2 minutes of a database that does not answer).
 */
const writeRecords = (requests: WriteRequest[]) => batchWriteAll(requests, { writers: PROVIDER_WRITERS, tries: PATIENCE.tries, backoff: PATIENCE.backoff });

const put = (item: Item): WriteRequest => ({ PutRequest: { Item: item } });

/** Writes one whole generation (not yet visible: the state still names the previous one). */
export async function writeGeneration(gen: string, data: ProviderGeneration, onProgress?: (written: number) => void): Promise<number> {
  const requests = [
    ...data.banners.map((b) => put({ ...keys.providerBanner(gen, b.code), ...b })),
    ...data.franchises.map((f) => put({ ...keys.providerFranchise(gen, f.banner_code, f.code), ...f })),
    ...data.orders.map((o) => put({ ...keys.providerOrder(gen, o.scope, o.column), codes: o.codes.join(',') })),
    ...reportPageItems(gen, data).map(put),
    ...data.brokers.map((b) => put({ ...keys.providerBroker(gen, b.code), ...b })),
    ...data.listings.map(({ key, ...l }) => put({ ...keys.providerListing(gen, l.mls), ...keys.providerListingAddress(gen, key, l.mls), ...l, key })),
  ];
  for (let i = 0; i < requests.length; i += 5000) {
    await writeRecords(requests.slice(i, i + 5000));
    onProgress?.(Math.min(i + 5000, requests.length));
  }
  return requests.length;
}

/**
 * Makes `gen` the generation readers use, unless a newer import (started later) already did:
 * answers false then, and the caller deletes its own generation instead. Tried again after a
 * timeout (patiently); `<=` lets a retry of a put that did land succeed instead of reading as lost.
 */
export async function switchGeneration(state: ProviderState & { started_at: string }): Promise<boolean> {
  try {
    await patiently(() =>
      db.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.providerState, ...state },
          ConditionExpression: 'attribute_not_exists(pk) OR started_at <= :mine',
          ExpressionAttributeValues: { ':mine': state.started_at },
        }),
      ),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Deletes every item of a generation that is no longer read. */
export async function deleteGeneration(gen: string): Promise<number> {
  const partitions = [
    keys.providerBanners(gen),
    keys.providerFranchises(gen),
    keys.providerOrders(gen),
    ...Array.from({ length: PROVIDER_SHARDS }, (_, s) => keys.providerPageShard(gen, s)),
    ...Array.from({ length: PROVIDER_SHARDS }, (_, s) => keys.providerBrokerShard(gen, s)),
    ...Array.from({ length: PROVIDER_SHARDS }, (_, s) => keys.providerListingShard(gen, s)),
  ];
  let deleted = 0;
  for (const pk of partitions) {
    const items = await patiently(() => queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'pk, sk' }));
    await writeRecords(items.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })));
    deleted += items.length;
  }
  return deleted;
}

export async function banners(gen: string): Promise<ProviderBanner[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.providerBanners(gen) } });
  return items.map((i) => providerBanner.parse(i));
}

/** Every franchise, or those of one banner, by banner then code. */
export async function franchises(gen: string, bannerCode?: string): Promise<StoredFranchise[]> {
  const items = await queryAll({
    KeyConditionExpression: bannerCode ? 'pk = :pk AND begins_with(sk, :b)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.providerFranchises(gen), ...(bannerCode ? { ':b': `${bannerCode}#` } : {}) },
  });
  return items.map((i) => ({ ...providerFranchise.parse(i), brokers: (i.brokers as string[] | undefined) ?? [] }));
}

const toBroker = (i: Item) => ({ ...providerBroker.parse(i), listings: (i.listings as string[] | undefined) ?? [] });

export async function broker(gen: string, code: string): Promise<(ProviderBroker & { listings: string[] }) | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.providerBroker(gen, code) }));
  return Item ? toBroker(Item) : undefined;
}

/** Brokers by code, in the order asked (absent codes left out). */
export async function brokersByCode(gen: string, codes: readonly string[]): Promise<(ProviderBroker & { listings: string[] })[]> {
  const items = await batchGet([...new Set(codes)].map((c) => keys.providerBroker(gen, c)));
  const byCode = new Map(items.map((i) => [String(i.sk), toBroker(i)]));
  return codes.flatMap((c) => byCode.get(c) ?? []);
}

const toListing = (i: Item): StoredProviderListing => ({ ...providerListing.parse(i), key: i.key as AddressKey });

/** Provider listings by MLS (absent ones left out). */
export async function listingsByMls(gen: string, mlsList: readonly string[]): Promise<StoredProviderListing[]> {
  const items = await batchGet([...new Set(mlsList)].map((m) => keys.providerListing(gen, m)));
  return items.map(toListing);
}

/** Provider listings at one civic number of one street of a municipality (normalized keys). */
export async function listingsAtCivic(gen: string, address: AddressKey): Promise<StoredProviderListing[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName(), ...byIndex('providerListingsByStreet', keys.providerStreet(gen, address), { beginsWith: `${address.civic}#` }), Limit: 50 }),
  );
  return Items.map(toListing);
}

/**
 * Each scope's report rows (a broker without their listings) in each column's ascending order, cut
 * into pages of PROVIDER_PAGE_SIZE: a Courtiers page then reads one or two items instead of the
 * scope's whole order and a BatchGet of 50 brokers (ADR 0480).
 */
function reportPageItems(gen: string, data: ProviderGeneration): Item[] {
  const rowOf = new Map(data.brokers.map(({ listings: _listings, ...row }) => [row.code, row]));
  return data.orders.flatMap((o) =>
    Array.from({ length: Math.ceil(o.codes.length / PROVIDER_PAGE_SIZE) }, (_, index) => ({
      ...keys.providerPage(gen, o.scope, o.column, index),
      index,
      rows: o.codes.slice(index * PROVIDER_PAGE_SIZE, (index + 1) * PROVIDER_PAGE_SIZE).map((code) => rowOf.get(code)),
    })),
  );
}

/** The brokers of each scope, as the state item keeps them (ProviderState.scopeTotals): every column's order of a scope holds them all. */
export const scopeTotals = (data: ProviderGeneration): Record<string, number> =>
  Object.fromEntries(data.orders.filter((o) => o.column === PROVIDER_SORT_COLUMNS[0]).map((o) => [o.scope, o.codes.length]));

/** Report rows `from` (included) to `to` (excluded) of a scope in one column's ascending order, from the stored pages. */
export async function reportRows(gen: string, scope: string, column: ProviderSortColumn, from: number, to: number): Promise<ProviderBroker[]> {
  if (to <= from) return [];
  const first = Math.floor(from / PROVIDER_PAGE_SIZE);
  const indexes = Array.from({ length: Math.floor((to - 1) / PROVIDER_PAGE_SIZE) - first + 1 }, (_, i) => first + i);
  const rowsOf = new Map((await batchGet(indexes.map((i) => keys.providerPage(gen, scope, column, i)))).map((item) => [item.index as number, item.rows as Item[]]));
  const start = first * PROVIDER_PAGE_SIZE;
  return indexes.flatMap((i) => rowsOf.get(i) ?? []).slice(from - start, to - start).map((row) => providerBroker.parse(row));
}

/** The broker codes of a scope in one column's ascending order (computed at import). */
export async function order(gen: string, scope: string, column: ProviderSortColumn): Promise<string[]> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.providerOrder(gen, scope, column) }));
  const codes = (Item?.codes as string | undefined) ?? '';
  return codes ? codes.split(',') : [];
}
