import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listingRecord, type ListingRecord } from '#shared/entities/listing.ts';
import type * as z from '#shared/zod.ts';
import { drivingWord, entryMatches, searchEntry, wordsOf, type ListingSearch } from '#shared/rules/listing-search.ts';
import type { ListingFields } from '#shared/catalogue/listings.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { nextId } from '../plumbing/ids.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import type { TransactItem } from '../plumbing/transact.ts';
import { putNewItem } from '../plumbing/new-item.ts';

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

/** The columns of a listing search row (part 3 screen 2), a third of a listing item's attributes. */
const SEARCH_ROW_ATTRIBUTES = ['id', 'address', 'app', 'city', 'postalcode', 'mls', 'broker_id', 'broker', 'shootingdate'] as const;
export type SearchRow = Pick<ListingRecord, (typeof SEARCH_ROW_ATTRIBUTES)[number]>;

/** The search rows of these listings, read from the listing items themselves (only the columns shown). */
export async function searchRowsById(ids: readonly number[]): Promise<Map<number, SearchRow>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.listing(id)), { attributes: SEARCH_ROW_ATTRIBUTES });
  return new Map(items.map((item) => [Number(item.id), item as unknown as SearchRow]));
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
  return (await insertListings([fields], now))[0]!;
}

/** New listings written together, then indexed together (one write per search block they share). */
export async function insertListings(fieldsList: ReadonlyArray<Omit<z.input<typeof listingRecord>, 'id' | 'created_at' | 'updated_at'>>, now = new Date()): Promise<ListingRecord[]> {
  const listings: ListingRecord[] = [];
  await inPool(fieldsList, BLOCK_WRITERS, async (fields) => {
    const { listing, put } = await newListingPut(fields, now);
    await putNewItem(put.Put!);
    listings.push(listing);
  });
  await indexListings(listings, true);
  return listings;
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
 * Listing search (docs/decisions/0300-listing-search-blocks.md, after 0200). For each word of a
 * listing (id, address, apartment, city, postal code, MLS, broker name) and '@all', the listing has
 * one small entry (its word list, whether it has an MLS, its shooting date: shared/rules
 * listing-search.ts searchEntry) in the item of that word and its block of LISTING_SEARCH_BLOCK ids.
 * A search reads the blocks of its driving word (one Query on gsi2 by word prefix), checks the other
 * words and the commands on the entries, counts every match (the exact total) and answers the ids of
 * the first page; the handler then reads those rows and their visit totals. The listing's own
 * SEARCHWORDS item says what it is indexed under, so a change replaces or removes only what moved.
 * '@map' items (the listing map) keep a copy of the row (ADR 0200).
 * ---------------------------------------------------------------------------------------------- */

const ALL_WORD = '@all';
const MAP_WORD = '@map';
const ENTRY_ATTRIBUTE = /^e\d+$/;
/** Entries set or removed by one UpdateItem (an update expression is at most 4 KB). */
const ENTRIES_PER_UPDATE = 100;
/** Block items written at once. */
const BLOCK_WRITERS = 8;

/** The words a listing is found by. */
export function searchWordsOf(l: ListingRecord): string[] {
  return [...new Set(wordsOf([l.id, l.address, l.app, l.city, l.postalcode, l.mls ?? '', l.broker.firstname, l.broker.lastname].join(' ')))];
}

/** What a map item carries besides its keys: the row the map shows. */
function mapRowOf(l: ListingRecord) {
  return {
    id: l.id,
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

/** Runs `work` on every item, at most `width` at a time. */
async function inPool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** What a listing is indexed under: its block words ('@all' included) and its entry. */
interface Indexed {
  words: string[];
  entry: string;
}

function indexedOf(l: ListingRecord): Indexed {
  const words = searchWordsOf(l);
  return { words: [...words, ALL_WORD], entry: searchEntry(words, l.mls, l.shootingdate) };
}

/** The entries to set and remove in one word's block item. */
interface BlockChange {
  key: ReturnType<typeof keys.listingSearchBlock>;
  set: Array<[string, string]>;
  remove: string[];
}

/** The block writes that take listings from what they were indexed under to what they are now. */
function blockChanges(changes: ReadonlyArray<{ id: number; before: Indexed | undefined; after: Indexed }>): BlockChange[] {
  const blocks = new Map<string, BlockChange>();
  const block = (word: string, id: number) => {
    const key = keys.listingSearchBlock(word, id);
    const name = `${key.pk} ${key.sk}`;
    let change = blocks.get(name);
    if (!change) blocks.set(name, (change = { key, set: [], remove: [] }));
    return change;
  };
  for (const { id, before, after } of changes) {
    const attribute = keys.listingSearchEntry(id);
    for (const word of after.words) {
      if (before?.entry !== after.entry || !before.words.includes(word)) block(word, id).set.push([attribute, after.entry]);
    }
    for (const word of before?.words ?? []) if (!after.words.includes(word)) block(word, id).remove.push(attribute);
  }
  return [...blocks.values()];
}

async function writeBlock({ key, set, remove }: BlockChange): Promise<void> {
  const { pk, sk, gsi2pk, gsi2sk } = key;
  for (let i = 0; i < set.length; i += ENTRIES_PER_UPDATE) {
    const chunk = set.slice(i, i + ENTRIES_PER_UPDATE);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: `SET gsi2pk = :g, gsi2sk = :s, ${chunk.map((_e, j) => `#e${j} = :e${j}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(chunk.map(([name], j) => [`#e${j}`, name])),
        ExpressionAttributeValues: { ':g': gsi2pk, ':s': gsi2sk, ...Object.fromEntries(chunk.map(([, entry], j) => [`:e${j}`, entry])) },
      }),
    );
  }
  for (let i = 0; i < remove.length; i += ENTRIES_PER_UPDATE) {
    const chunk = remove.slice(i, i + ENTRIES_PER_UPDATE);
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk, sk },
          UpdateExpression: `REMOVE ${chunk.map((_e, j) => `#e${j}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(chunk.map((name, j) => [`#e${j}`, name])),
        }),
      );
    } catch (error) {
      // No block item: nothing to remove.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}

/**
 * Brings the search index of these listings to what they are now: their block entries (set where
 * the entry or a word is new, removed for the words they lost), their SEARCHWORDS item and their
 * map item. `fresh`: listings just created, indexed under nothing yet.
 */
export async function indexListings(listings: readonly ListingRecord[], fresh = false): Promise<void> {
  if (!listings.length) return;
  const before = new Map<number, Indexed>();
  if (!fresh) {
    for (const item of await batchGet(listings.map((l) => keys.listingSearchWords(l.id)), { consistent: true })) {
      before.set(Number(String(item.pk).slice('LISTING#'.length)), { words: item.words as string[], entry: String(item.entry) });
    }
  }
  const after = listings.map((l) => ({ l, indexed: indexedOf(l) }));
  await inPool(blockChanges(after.map(({ l, indexed }) => ({ id: l.id, before: before.get(l.id), after: indexed }))), BLOCK_WRITERS, writeBlock);
  await batchWrite(
    after.flatMap(({ l, indexed }): WriteRequest[] => [
      { PutRequest: { Item: { ...keys.listingSearchWords(l.id), ...indexed } } },
      l.distribution_token
        ? { PutRequest: { Item: { ...keys.listingSearchToken(l.id, MAP_WORD), ...mapRowOf(l), distribution_token: l.distribution_token } } }
        : { DeleteRequest: { Key: { pk: keys.listing(l.id).pk, sk: keys.listingSearchToken(l.id, MAP_WORD).sk } } },
    ]),
  );
}

/** Re-indexes one listing after a change. */
export const indexListing = (l: ListingRecord): Promise<void> => indexListings([l]);

/**
 * Local tables made before ADR 0300 hold per-word token items with a copy of the row: the first
 * start after it indexes every listing in blocks and deletes those items (once: a marker item).
 * Answers the number of listings re-indexed.
 */
export async function upgradeListingSearchIndex(): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchVersion, ConsistentRead: true }));
  if (Item) return 0;
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await allListings(250, start);
    await batchWrite(
      page.items.flatMap((l) => [...searchWordsOf(l), ALL_WORD].map((word) => ({ DeleteRequest: { Key: { pk: keys.listing(l.id).pk, sk: keys.listingSearchToken(l.id, word).sk } } }))),
    );
    await indexListings(page.items);
    count += page.items.length;
    start = page.next;
  } while (start);
  await markListingSearchIndexCurrent();
  return count;
}

/** Records that every listing of the table is indexed in blocks (a new table's seed writes them so). */
export async function markListingSearchIndexCurrent(): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.listingSearchVersion, upgraded_at: new Date().toISOString() } }));
}

/**
 * The listings a search finds: the ids of the first `limit` (newest id first) and the exact total.
 * Reads the block items of the driving word (every word of the listings holding it as a prefix);
 * without a word of 3 characters, those of '@all'.
 */
export async function searchListingIds(search: ListingSearch, limit: number): Promise<{ ids: number[]; count: number }> {
  const driver = drivingWord(search.words.filter((w) => w.length >= 3));
  const blocks = await queryAll({
    ...byIndex('listingSearchWords', keys.listingWordBucket(driver ?? ALL_WORD), { beginsWith: driver ?? `${ALL_WORD}#` }),
  });
  const found = new Set<number>();
  for (const block of blocks) {
    for (const [name, entry] of Object.entries(block)) {
      if (!ENTRY_ATTRIBUTE.test(name)) continue;
      const id = Number(name.slice(1));
      if (!found.has(id) && entryMatches(String(entry), search)) found.add(id);
    }
  }
  const ids = [...found].sort((a, b) => b - a);
  return { ids: ids.slice(0, limit), count: ids.length };
}

/** A listing on the map (its row as last indexed). */
export type MapRow = ReturnType<typeof mapRowOf> & { distribution_token: string };

/** The listings with a delivery token (the listing map). */
export async function listingsWithToken(): Promise<MapRow[]> {
  return (await queryAll({ ...byIndex('listingSearch', keys.listingSearchBucket(MAP_WORD), { beginsWith: `${MAP_WORD}#` }) })) as unknown as MapRow[];
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
