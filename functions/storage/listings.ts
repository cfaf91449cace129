import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listingRecord, type ListingRecord } from '#shared/entities/listing.ts';
import type * as z from '#shared/zod.ts';
import { drivingWord, matchesWords, wordsOf, type ListingSearch } from '#shared/rules/listing-search.ts';
import type { ListingFields } from '#shared/catalogue/listings.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { nextId } from '../plumbing/ids.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import type { TransactItem } from '../plumbing/transact.ts';

/** Listings: the one place that reads and writes listing items. */
export interface StoredListing extends ListingRecord {
  version: number;
}

function toListing(item: Record<string, unknown>): StoredListing {
  return { ...listingRecord.parse(item), version: Number(item.version ?? 1) };
}

function itemOf(listing: ListingRecord, version: number): Record<string, unknown> {
  return {
    ...keys.listing(listing.id),
    ...keys.listingIndexes(listing.broker_id, listing.updated_at, listing.id),
    ...(listing.distribution_token ? keys.listingByToken(listing.distribution_token) : {}),
    ...listing,
    version,
  };
}

/** Listings by id, read together (e.g. those of a page of shootings). */
export async function listingsById(ids: readonly number[]): Promise<Map<number, ListingRecord & Record<string, unknown>>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.listing(id)));
  return new Map(items.map((item) => [Number(item.id), item as ListingRecord & Record<string, unknown>]));
}

/** The address a listing is shown under, on public pages as in review. */
export function listingAddressOf(l: ListingRecord): Pick<ListingRecord, 'id' | 'address' | 'app' | 'city' | 'postalcode'> {
  return { id: l.id, address: l.address, app: l.app, city: l.city, postalcode: l.postalcode };
}

export async function getListing(id: number): Promise<StoredListing | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listing(id) }));
  return Item ? toListing(Item) : undefined;
}

/** A new listing and the TransactWriteItems Put that creates it (booking creates listing and shooting together). */
export async function newListingPut(fields: Omit<z.input<typeof listingRecord>, 'id' | 'created_at' | 'updated_at'>, now = new Date()): Promise<{ listing: ListingRecord; put: TransactItem }> {
  const id = await nextId('listing', 5000);
  const listing = listingRecord.parse({ ...fields, id, created_at: now.toISOString(), updated_at: now.toISOString() });
  return { listing, put: { Put: { TableName: tableName(), Item: itemOf(listing, 1), ConditionExpression: 'attribute_not_exists(pk)' } } };
}

export async function insertListing(fields: Omit<z.input<typeof listingRecord>, 'id' | 'created_at' | 'updated_at'>, now = new Date()): Promise<ListingRecord> {
  const { listing, put } = await newListingPut(fields, now);
  await db.send(new PutCommand(put.Put!));
  await indexListing(listing);
  return listing;
}

/**
 * The listing of a public delivery token. The index is eventually consistent, so the listing is
 * read again (strongly consistent) and must still hold this token: a replaced token answers
 * nothing at once, even while the index lags.
 */
export async function findListingByToken(token: string): Promise<StoredListing | undefined> {
  const { gsi2pk } = keys.listingByToken(token);
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName(), ...byIndex('listingByToken', gsi2pk), Limit: 1 }),
  );
  if (!Items[0]) return undefined;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listing(Number(Items[0].id)), ConsistentRead: true }));
  return Item && Item.distribution_token === token ? toListing(Item) : undefined;
}

/** A new distribution token: 256 random bits (the spec asks for at least 128). */
export function newDistributionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Gives the listing a new delivery token in place of its old one (if the listing did not change meanwhile); answers the new token. */
export const replaceDistributionToken = (listing: StoredListing): Promise<string> => writeDistributionToken(listing, false);

/** Gives a listing its delivery token if it has none; answers the token. */
export async function ensureDistributionToken(listing: StoredListing): Promise<string> {
  return listing.distribution_token || writeDistributionToken(listing, true);
}

/** Writes a new token and its index key (gsi2), on the version read; `onlyIfNone` also requires the listing to have none. */
async function writeDistributionToken(listing: StoredListing, onlyIfNone: boolean): Promise<string> {
  const token = newDistributionToken();
  const { gsi2pk, gsi2sk } = keys.listingByToken(token);
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.listing(listing.id),
      UpdateExpression: 'SET distribution_token = :t, gsi2pk = :g, gsi2sk = :s, version = version + :one',
      ConditionExpression: onlyIfNone ? 'version = :v AND (attribute_not_exists(distribution_token) OR distribution_token = :null)' : 'version = :v',
      ExpressionAttributeValues: { ':t': token, ':g': gsi2pk, ':s': gsi2sk, ':one': 1, ':v': listing.version, ...(onlyIfNone ? { ':null': null } : {}) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (Attributes) await indexListing(toListing(Attributes));
  return token;
}

export interface Page<T> {
  items: T[];
  /** The start key of the next page (LastEvaluatedKey), absent on the last one; handlers sign it (query.ts). */
  next?: Record<string, unknown>;
}


async function queryListings(pattern: 'listingsByBroker' | 'allListings', partition: string, limit: number, start?: Record<string, unknown>): Promise<Page<StoredListing>> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      ...byIndex(pattern, partition),
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  const next = page.LastEvaluatedKey;
  return { items: (page.Items ?? []).map(toListing), ...(next ? { next } : {}) };
}

/** A broker's listings, most recently updated first. */
export const listingsOfBroker = (brokerId: number, limit = 100, start?: Record<string, unknown>) => queryListings('listingsByBroker', keys.listingsOfBroker(brokerId), limit, start);

/** Every listing, most recently updated first (staff lists). */
export const allListings = (limit = 100, start?: Record<string, unknown>) => queryListings('allListings', keys.allListings, limit, start);


/* ------------------------------------------------------------------------------------------------
 * Listing search (docs/decisions/0200-listing-search-tokens.md). Each listing has one small item
 * per word of its id, address, apartment, city, postal code, MLS and broker name, in its own
 * partition (sk SEARCH#<word>), indexed on gsi2 by the word's first 3 characters. Each carries
 * the listing's row (what the search table and the map show) and its whole word list, so a search
 * is ONE Query on the most selective typed word, the other words and the commands checked on the
 * items it answers; no listing is read again. '@all' (every listing) drives a search without a
 * word of 3 characters; '@map' marks the listings that have a delivery token.
 * ---------------------------------------------------------------------------------------------- */

const ALL_WORD = '@all';
const MAP_WORD = '@map';

/** The words a listing is found by. */
export function searchWordsOf(l: ListingRecord): string[] {
  return [...new Set(wordsOf([l.id, l.address, l.app, l.city, l.postalcode, l.mls ?? '', l.broker.firstname, l.broker.lastname].join(' ')))];
}

/** What a search-token item carries besides its keys: the row and the word list. */
function searchRowOf(l: ListingRecord, words: string[]) {
  return {
    id: l.id,
    words,
    address: l.address,
    app: l.app,
    city: l.city,
    postalcode: l.postalcode,
    mls: l.mls,
    broker_id: l.broker_id,
    broker: l.broker,
    shootingdate: l.shootingdate,
    lat: l.lat,
    lng: l.lng,
  };
}

/** A row found by search (before its visit figures are added). */
export type SearchRow = ReturnType<typeof searchRowOf>;

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, WriteRequest[]> | undefined = { [tableName()]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * 50 * 2 ** Math.min(attempt, 6)));
      const out = await db.send(new BatchWriteCommand({ RequestItems: pending as never }));
      const left = out.UnprocessedItems as Record<string, WriteRequest[]> | undefined;
      pending = left && Object.values(left).some((r) => r.length) ? left : undefined;
    }
  }
}

/** The search-token items of a listing as it is now (the puts), for a new or changed listing. */
export function searchTokenItems(l: ListingRecord): Record<string, unknown>[] {
  const words = searchWordsOf(l);
  const row = searchRowOf(l, words);
  const tokens = [...words, ALL_WORD, ...(l.distribution_token ? [MAP_WORD] : [])];
  return tokens.map((word) => ({
    ...keys.listingSearchToken(l.id, word),
    ...row,
    ...(word === MAP_WORD ? { distribution_token: l.distribution_token } : {}),
  }));
}

/** Writes a listing's search-token items and removes those of words it no longer has. */
export async function indexListing(l: ListingRecord): Promise<void> {
  const items = searchTokenItems(l);
  const keep = new Set(items.map((i) => i.sk));
  const old = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': keys.listing(l.id).pk, ':s': keys.listingSearchPrefix }, ProjectionExpression: 'pk, sk' });
  await batchWrite([
    ...old.filter((o) => !keep.has(o.sk as string)).map((o) => ({ DeleteRequest: { Key: { pk: o.pk, sk: o.sk } } })),
    ...items.map((Item) => ({ PutRequest: { Item } })),
  ]);
}

/** The items of one search-token word prefix (one Query on gsi2, every page). */
async function tokenItems(word: string): Promise<Record<string, unknown>[]> {
  return queryAll({ ...byIndex('listingSearch', keys.listingSearchBucket(word), { beginsWith: word }) });
}

/** The listings a search finds: the first `limit` rows by id (newest first) and the total. */
export async function searchListingRows(search: ListingSearch, limit: number): Promise<{ rows: SearchRow[]; count: number }> {
  const driver = drivingWord(search.words.filter((w) => w.length >= 3));
  const items = await tokenItems(driver ?? `${ALL_WORD}#`);
  const found = new Map<number, SearchRow>();
  for (const item of items) {
    const row = item as unknown as SearchRow;
    if (found.has(row.id)) continue;
    if (!matchesWords(row.words, search.words)) continue;
    if (search.mlsNull && row.mls) continue;
    if (search.from && !(row.shootingdate && row.shootingdate >= search.from)) continue;
    if (search.to && !(row.shootingdate && row.shootingdate <= search.to)) continue;
    found.set(row.id, row);
  }
  const rows = [...found.values()].sort((a, b) => b.id - a.id);
  return { rows: rows.slice(0, limit), count: rows.length };
}

/** The listings with a delivery token (the listing map). */
export async function listingsWithToken(): Promise<Array<SearchRow & { distribution_token: string }>> {
  return (await tokenItems(`${MAP_WORD}#`)) as unknown as Array<SearchRow & { distribution_token: string }>;
}

/** Civic number and street of a listing: its own fields, else read from the address ('1200 rue X'). */
export function addressParts(l: ListingRecord): { civic_number: string; street: string } {
  if (l.street) return { civic_number: l.civic_number, street: l.street };
  const m = /^\s*(\d+[A-Za-z]?)\s+(.*)$/.exec(l.address);
  return m ? { civic_number: m[1]!, street: m[2]! } : { civic_number: '', street: l.address };
}

/**
 * Saves the dialog's fields on the version read (ConditionalCheckFailed when it changed
 * meanwhile); the address is civic number + street. Answers the listing as saved.
 */
export async function updateListingFields(listing: StoredListing, fields: ListingFields, now = new Date()): Promise<StoredListing> {
  const address = [fields.civic_number, fields.street].filter(Boolean).join(' ');
  const values: Record<string, unknown> = { ...fields, address, updated_at: now.toISOString(), ...keys.listingIndexes(listing.broker_id, now.toISOString(), listing.id) };
  const names = Object.keys(values);
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.listing(listing.id),
      UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :f${i}`).join(', ')}, version = version + :one`,
      ConditionExpression: 'version = :v',
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:f${i}`, values[n]])), ':v': listing.version, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const saved = toListing(Attributes!);
  await indexListing(saved);
  return saved;
}

/** Keeps the listing's latest shooting date (search's du:/au: and its column) when a shooting is booked or moved. */
export async function noteListingShootingDate(listingId: number, date: string): Promise<void> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.listing(listingId),
        UpdateExpression: 'SET shootingdate = :d',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(shootingdate) OR shootingdate = :null OR shootingdate < :d)',
        ExpressionAttributeValues: { ':d': date, ':null': null },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (Attributes) await indexListing(toListing(Attributes));
  } catch (error) {
    // A later shooting date is already kept (or the listing is gone): nothing to change.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Publishes the listing's virtual tour (part 3 §4): state 3 (vr_ready), at the version read. */
export async function publishTour(listing: StoredListing): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.listing(listing.id),
      UpdateExpression: 'SET #state = :s, version = version + :one',
      ConditionExpression: 'version = :v',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':s': 3, ':one': 1, ':v': listing.version },
    }),
  );
}

/**
 * Sets a listing's MLS number (the MLS screens' Save MLS). False when the listing does not exist.
 * The staff lists follow the update time, so the listing's index keys and search words move with it.
 */
export async function setListingMls(id: number, mls: string, now = new Date()): Promise<boolean> {
  const listing = await getListing(id);
  if (!listing) return false;
  const updated_at = now.toISOString();
  const { gsi1sk, gsi3sk } = keys.listingIndexes(listing.broker_id, updated_at, id);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.listing(id),
        UpdateExpression: 'SET mls = :mls, updated_at = :u, gsi1sk = :g1, gsi3sk = :g3, version = version + :one',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':mls': mls, ':u': updated_at, ':g1': gsi1sk, ':g3': gsi3sk, ':one': 1, ':v': listing.version },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await indexListing(toListing(Attributes!));
    return true;
  } catch (error) {
    // Changed meanwhile: apply on the newer version (the MLS is a plain overwrite).
    if ((error as Error).name === 'ConditionalCheckFailedException') return setListingMls(id, mls, now);
    throw error;
  }
}
