import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listingRecord, type ListingRecord } from '#shared/entities/listing.ts';
import type * as z from '#shared/zod.ts';
import { drivingWord, entryContent, entryMatches, entryRow, searchEntry, searchTombstone, wordsOf, type ListingSearch, type SearchRow } from '#shared/rules/listing-search.ts';
import type { ListingFields } from '#shared/catalogue/listings.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys, LISTING_SEARCH_BLOCK } from '../plumbing/keys.ts';
import { nextId } from '../plumbing/ids.ts';
import { byIndex, nextPageKey, queryAll } from '../plumbing/query.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { batchWriteAll, type WriteRequest } from '../plumbing/batch-write.ts';
import { transact, type TransactItem } from '../plumbing/transact.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { inPool } from '../plumbing/pool.ts';
import { cachedWord, cachedWordOf, forgetWord, keepAnswer, keepWord, options as cacheOptions, stats as cacheStats, type CachedWord } from './listing-search-cache.ts';

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

/** Some fields of each listing of `ids` (with its id), read without the rest of the item: lists of many shootings need only a few. */
export async function listingFieldsById<K extends keyof ListingRecord>(ids: readonly number[], fields: readonly K[]): Promise<Map<number, Pick<ListingRecord, K | 'id'>>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.listing(id)), { attributes: ['id', ...fields] });
  return new Map(items.map((item) => [Number(item.id), item as Pick<ListingRecord, K | 'id'>]));
}

/** The address a listing is shown under, on public pages as in review. */
export function listingAddressOf(l: ListingRecord): Pick<ListingRecord, 'id' | 'address' | 'app' | 'city' | 'postalcode'> {
  return { id: l.id, address: l.address, app: l.app, city: l.city, postalcode: l.postalcode };
}

/**
 * A listing as last written (consistent read): the dialog reloads it right after a save and saves
 * again from its version, and a stale copy would answer that save 'changed meanwhile'.
 */
export async function getListing(id: number): Promise<StoredListing | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listing(id), ConsistentRead: true }));
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
  const prepared: Array<Awaited<ReturnType<typeof newListingPut>>> = [];
  await inPool(fieldsList, BLOCK_WRITERS, async (fields) => void prepared.push(await newListingPut(fields, now)));
  // What they are indexed under, written before the listings exist: no change of them can come first (ADR 0345).
  const listings = prepared.map(({ listing }) => ({ listing, seq: 0 }));
  await batchWriteAll(listings.map((l) => ({ PutRequest: { Item: searchWordsItem(l.listing.id, indexedOf(l)) } })));
  await inPool(prepared, BLOCK_WRITERS, ({ put }) => putNewItem(put.Put!));
  await indexListings(listings, 'new');
  return listings.map(({ listing }) => listing);
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

/** The transaction piece of a write made on the strength of a delivery link (a mail that sends it): the listing still has that token. */
export function tokenStill(listingId: number, token: string): TransactItem {
  return { ConditionCheck: { TableName: tableName(), Key: keys.listing(listingId), ConditionExpression: 'distribution_token = :t', ExpressionAttributeValues: { ':t': token } } };
}

/** Gives the listing a new delivery token in place of its old one (if the listing did not change meanwhile); answers the new token. */
export const replaceDistributionToken = (listing: StoredListing): Promise<string> => writeDistributionToken(listing, false);

/** Gives a listing its delivery token if it has none; answers the token. */
export async function ensureDistributionToken(listing: StoredListing): Promise<string> {
  if (listing.distribution_token) return listing.distribution_token;
  try {
    return await writeDistributionToken(listing, true);
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    // Made meanwhile (two technicians' delivery lists at once), or the listing changed: the token it has now, or a new one on it.
    const now = await getListing(listing.id);
    if (!now) throw error;
    return now.distribution_token || writeDistributionToken(now, true);
  }
}

/** Writes a new token and its index key (gsi2), on the version read; `onlyIfNone` also requires the listing to have none. */
async function writeDistributionToken(listing: StoredListing, onlyIfNone: boolean): Promise<string> {
  const token = newDistributionToken();
  const { gsi2pk, gsi2sk } = keys.listingByToken(token);
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.listing(listing.id),
      UpdateExpression: `SET distribution_token = :t, gsi2pk = :g, gsi2sk = :s, version = version + :one, ${NEXT_SEARCH_SEQ}`,
      ConditionExpression: onlyIfNone ? 'version = :v AND (attribute_not_exists(distribution_token) OR distribution_token = :null)' : 'version = :v',
      ExpressionAttributeValues: { ':t': token, ':g': gsi2pk, ':s': gsi2sk, ':one': 1, ':v': listing.version, ...NEXT_SEARCH_SEQ_VALUES, ...(onlyIfNone ? { ':null': null } : {}) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  // The token is written and works: a failed index write only leaves the listing's map item behind
  // until mendSearchIndex (the listing's next reading) or its next change.
  if (Attributes) await indexListingItem(Attributes).catch((error: unknown) => console.error('listing search: a delivery token written but not indexed', error));
  return token;
}

export interface Page<T> {
  items: T[];
  /** The start key of the next page (LastEvaluatedKey), absent on the last one; handlers sign it (query.ts). */
  next?: Record<string, unknown>;
}


/**
 * `exactNext`: a page shown with a Next button answers no start key after its last item (one more
 * read of one key when the page comes back full, plumbing/query.ts nextPageKey); the loops that read
 * every page skip it.
 */
async function queryListings(pattern: 'listingsByBroker' | 'allListings', partition: string, limit: number, start?: Record<string, unknown>, exactNext = false): Promise<Page<StoredListing>> {
  const page = await queryListingItems(pattern, partition, limit, start, exactNext);
  return { ...page, items: page.items.map(toListing) };
}

async function queryListingItems(pattern: 'listingsByBroker' | 'allListings', partition: string, limit: number, start?: Record<string, unknown>, exactNext = false): Promise<Page<Record<string, unknown>>> {
  const input = { TableName: tableName(), ...byIndex(pattern, partition), ScanIndexForward: false, Limit: limit };
  const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
  const next = exactNext ? await nextPageKey(input, page) : page.LastEvaluatedKey;
  return { items: page.Items ?? [], ...(next ? { next } : {}) };
}

/** A broker's listings, most recently updated first. */
export const listingsOfBroker = (brokerId: number, limit = 100, start?: Record<string, unknown>) => queryListings('listingsByBroker', keys.listingsOfBroker(brokerId), limit, start);

/** Every listing, most recently updated first (staff lists). */
export const allListings = (limit = 100, start?: Record<string, unknown>) => queryListings('allListings', keys.allListings, limit, start);

/** One page of the /deliveries list: a broker's own listings (`brokerId`) or every listing, newest update first, with no Next after its last item. */
export const deliveryListingsPage = (brokerId: number | undefined, limit: number, start?: Record<string, unknown>) =>
  brokerId === undefined ? queryListings('allListings', keys.allListings, limit, start, true) : queryListings('listingsByBroker', keys.listingsOfBroker(brokerId), limit, start, true);


/* ------------------------------------------------------------------------------------------------
 * Listing search (docs/decisions/0300-listing-search-blocks.md, 0345). For each word of a listing
 * (id, address, apartment, city, postal code, MLS, broker name) and '@all', the listing has one
 * entry (shared/rules/listing-search.ts searchEntry: its search sequence number, whether it has an
 * MLS, its shooting date, its words and the other columns of its search row) in the item of that
 * word and its block of LISTING_SEARCH_BLOCK ids. A search reads the blocks of its driving word (one
 * Query on gsi2 by word prefix), checks the other words and the commands on the entries, counts
 * every match (the exact total) and answers the first page's rows from the same entries: no listing
 * item is read. Every listing write that changes what a search finds or shows adds 1 to the
 * listing's `search_seq` in the same UpdateItem; the index writes of that change carry it, and an
 * entry is only ever replaced by one of a greater sequence (a condition on the string), so two
 * changes of one listing indexed in either order leave the later one. The listing's SEARCHWORDS item
 * (words, entry content, sequence) is claimed by compare-and-swap before the entries are written, so
 * each change knows the words the change before it wrote and leaves a tombstone (a greater sequence,
 * no row) under those it lost. '@map' items (the listing map) keep a copy of the row (ADR 0200).
 * The ids of each '@all' block are also kept in a small id set, so that the search without words
 * reads only the newest blocks and the sets' sizes (ADR 0440). A listing without an MLS number also
 * has the word '@nomls', and one with a shooting date the word of its month: they drive 'mls:null'
 * and the date commands without a word of 3 characters (ADR 0450).
 * ---------------------------------------------------------------------------------------------- */

const ALL_WORD = '@all';
const ALL_BLOCK_PK = keys.listingSearchBlock(ALL_WORD, 0).pk;
/** The key condition of a Query of the '@all' blocks (gsi2). */
const allBlocks = () => byIndex('listingSearchWords', keys.listingWordBucket(ALL_WORD), { beginsWith: `${ALL_WORD}#` });
const MAP_WORD = '@map';
/** Every listing without an MLS number (the entry's flag `n`), tombstoned when it gets one (ADR 0450). */
const NO_MLS_WORD = '@nomls';
/** Every listing with a shooting date has the word of its month, '@dt2026-11' (ADR 0450): the date commands read a range of them. */
const DATE_WORD = '@dt';
const dateWord = (date: string) => `${DATE_WORD}${date.slice(0, 7)}`;
/** The words a listing has for the search commands (ADR 0450). */
const commandWordsOf = (l: ListingRecord): string[] => [...(l.mls ? [] : [NO_MLS_WORD]), ...(l.shootingdate ? [dateWord(l.shootingdate)] : [])];
const ENTRY_ATTRIBUTE = /^e\d+$/;
const isEntryAttribute = (name: string) => ENTRY_ATTRIBUTE.test(name);
/** Entries set by one unconditional UpdateItem (an update expression is at most 4 KB). */
const ENTRIES_PER_UPDATE = 100;
/** Entries set by one UpdateItem that requires none of them to exist yet (each adds a condition). */
const NEW_ENTRIES_PER_UPDATE = 50;
/** Block items written at once. */
const BLOCK_WRITERS = 8;

/** The words a listing is found by. */
export function searchWordsOf(l: ListingRecord): string[] {
  return [...new Set(wordsOf([l.id, l.address, l.app, l.city, l.postalcode, l.mls ?? '', l.broker.firstname, l.broker.lastname].join(' ')))];
}

/** What a map item carries besides its keys: the point the map shows (the info window reads the listing). */
function mapRowOf(l: ListingRecord) {
  return { id: l.id, lat: l.lat, lng: l.lng };
}

const conditionFailed = (error: unknown) => (error as Error | null)?.name === 'ConditionalCheckFailedException';

/** A listing as a write left it, with its search sequence number (`search_seq`, 0 before any change). */
export interface SequencedListing {
  listing: ListingRecord;
  seq: number;
}

const sequenced = (item: Record<string, unknown>): SequencedListing => ({ listing: toListing(item), seq: Number(item.search_seq ?? 0) });

/** The UpdateExpression part (and its values) that adds 1 to a listing's search sequence. */
const NEXT_SEARCH_SEQ = 'search_seq = if_not_exists(search_seq, :seq0) + :seq1';
const NEXT_SEARCH_SEQ_VALUES = { ':seq0': 0, ':seq1': 1 };

/** What a listing is indexed under: its block words ('@all' included), its entry content and the sequence it was written at. */
interface Indexed {
  words: string[];
  content: string;
  seq: number;
}

function indexedOf({ listing: l, seq }: SequencedListing): Indexed & { entry: string } {
  const words = searchWordsOf(l);
  const entry = searchEntry(seq, words, l);
  return { words: [...words, ALL_WORD, ...commandWordsOf(l)], content: entryContent(entry), seq, entry };
}

const searchWordsItem = (id: number, { words, content, seq }: Indexed) => ({ ...keys.listingSearchWords(id), words, entry: content, seq });

/** The entries to write in one word's block item. */
interface BlockChange {
  key: ReturnType<typeof keys.listingSearchBlock>;
  set: Array<[string, string]>;
}

/** The block writes that take listings from what they were indexed under to what they are now (tombstones under lost words). */
function blockChanges(changes: ReadonlyArray<{ id: number; before: Indexed | undefined; after: Indexed & { entry: string } }>): BlockChange[] {
  const blocks = new Map<string, BlockChange>();
  const block = (word: string, id: number) => {
    const key = keys.listingSearchBlock(word, id);
    const name = `${key.pk} ${key.sk}`;
    let change = blocks.get(name);
    if (!change) blocks.set(name, (change = { key, set: [] }));
    return change;
  };
  for (const { id, before, after } of changes) {
    const attribute = keys.listingSearchEntry(id);
    for (const word of after.words) {
      if (before?.content !== after.content || !before.words.includes(word)) block(word, id).set.push([attribute, after.entry]);
    }
    for (const word of before?.words ?? []) if (!after.words.includes(word)) block(word, id).set.push([attribute, searchTombstone(after.seq)]);
  }
  return [...blocks.values()];
}

/**
 * How entries are written: 'force' overwrites (the upgrade, before the table is served); 'new'
 * requires them absent (listings just created), falling back to 'newer' for a block where one is
 * there; 'newer' replaces an entry only with one of a greater sequence (one UpdateItem per entry).
 */
type EntryWrite = 'force' | 'new' | 'newer';

async function writeEntries(key: BlockChange['key'], entries: ReadonlyArray<[string, string]>, how: EntryWrite): Promise<void> {
  const { pk, sk, gsi2pk, gsi2sk } = key;
  const conditions = entries.map((_e, j) => (how === 'new' ? `attribute_not_exists(#e${j})` : `(attribute_not_exists(#e${j}) OR #e${j} < :e${j})`));
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: `SET gsi2pk = :g, gsi2sk = :s, ${entries.map((_e, j) => `#e${j} = :e${j}`).join(', ')}`,
        ...(how === 'force' ? {} : { ConditionExpression: conditions.join(' AND ') }),
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], j) => [`#e${j}`, name])),
        ExpressionAttributeValues: { ':g': gsi2pk, ':s': gsi2sk, ...Object.fromEntries(entries.map(([, entry], j) => [`:e${j}`, entry])) },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    // 'newer': a later write of this listing is there already. 'new': some entry is there: each on its own.
    if (how === 'new') for (const entry of entries) await writeEntries(key, [entry], 'newer');
  }
}

/**
 * Adds listings to their '@all' block's id set (ADR 0440), before their entries: a listing exists
 * before it is indexed, so the total counts it even if its entry write fails; ADD is idempotent and
 * '@all' entries are never tombstoned (every listing keeps the word), so the sets hold exactly the
 * listings ever indexed.
 */
async function addToIdSet(ids: readonly number[]): Promise<void> {
  await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.listingIdSet(ids[0]!), UpdateExpression: 'ADD ids :ids', ExpressionAttributeValues: { ':ids': new Set(ids) } }));
}

const entryIdsOf = (entries: ReadonlyArray<[string, unknown]>): number[] => entries.filter(([name]) => isEntryAttribute(name)).map(([name]) => Number(name.slice(1)));

async function writeBlock(change: BlockChange, how: EntryWrite): Promise<void> {
  if (change.key.pk === ALL_BLOCK_PK && change.set.length) await addToIdSet(entryIdsOf(change.set));
  const size = how === 'force' ? ENTRIES_PER_UPDATE : how === 'new' ? NEW_ENTRIES_PER_UPDATE : 1;
  for (let i = 0; i < change.set.length; i += size) await writeEntries(change.key, change.set.slice(i, i + size), how);
}

/**
 * Claims the listing's SEARCHWORDS item for this sequence: answers what it was indexed under (the
 * words whose entries this change replaces or tombstones), or 'older' when a change of a greater
 * or equal sequence claimed it already (that change indexes what this one would).
 * The claim is unconfirmed until the entries are written (`confirmSearchWords`): both word sets and
 * no content. A change that fails or stops half way leaves it so, and the next change of the
 * listing rewrites every entry and tombstones every word either set held, instead of trusting
 * entries that were never written.
 */
async function claimSearchWords(id: number, after: Indexed): Promise<Indexed | undefined | 'older'> {
  for (;;) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchWords(id), ConsistentRead: true }));
    const before = Item ? { words: Item.words as string[], content: String(Item.entry), seq: Number(Item.seq ?? -1) } : undefined;
    if (before && before.seq >= after.seq) return 'older';
    try {
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: searchWordsItem(id, { words: [...new Set([...(before?.words ?? []), ...after.words])], content: UNCONFIRMED, seq: after.seq }),
          ConditionExpression: Item ? (Item.seq === undefined ? 'attribute_not_exists(seq)' : 'seq = :read') : 'attribute_not_exists(pk)',
          ...(Item?.seq === undefined ? {} : { ExpressionAttributeValues: { ':read': Item.seq } }),
        }),
      );
      return before;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
}

/** An unconfirmed claim's content: no entry has it, so the next change's entries all differ. */
const UNCONFIRMED = '';

/** The claim of this sequence, its entries written: what the listing is now indexed under (unless a newer change claimed it). */
async function confirmSearchWords(id: number, after: Indexed): Promise<void> {
  try {
    await db.send(new PutCommand({ TableName: tableName(), Item: searchWordsItem(id, after), ConditionExpression: 'seq = :seq', ExpressionAttributeValues: { ':seq': after.seq } }));
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

/** The listing's map item (or its removal), only over an older one. */
async function writeMapItem({ listing: l, seq }: SequencedListing): Promise<void> {
  const key = { pk: keys.listing(l.id).pk, sk: keys.listingSearchToken(l.id, MAP_WORD).sk };
  const condition = { ConditionExpression: 'attribute_not_exists(search_seq) OR search_seq < :seq', ExpressionAttributeValues: { ':seq': seq } };
  try {
    if (l.distribution_token) await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.listingSearchToken(l.id, MAP_WORD), ...mapRowOf(l), search_seq: seq }, ...condition }));
    else await db.send(new DeleteCommand({ TableName: tableName(), Key: key, ...condition }));
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

const mapRequest = ({ listing: l, seq }: SequencedListing): WriteRequest =>
  l.distribution_token
    ? { PutRequest: { Item: { ...keys.listingSearchToken(l.id, MAP_WORD), ...mapRowOf(l), search_seq: seq } } }
    : { DeleteRequest: { Key: { pk: keys.listing(l.id).pk, sk: keys.listingSearchToken(l.id, MAP_WORD).sk } } };

/**
 * Brings the search index of listings to what a write left them (their sequence): block entries
 * (written where the entry content or a word is new, tombstoned under the words they lost), their
 * SEARCHWORDS item and their map item. 'newer' (every change of a listing): each listing claims
 * its SEARCHWORDS item first and writes only over older entries. 'new': listings just created
 * (their SEARCHWORDS item written before the listing itself by insertListings). 'force': the
 * local upgrade, before the table is served.
 */
async function indexListings(listings: readonly SequencedListing[], how: EntryWrite): Promise<void> {
  if (!listings.length) return;
  const changes: Array<{ l: SequencedListing; before: Indexed | undefined; after: Indexed & { entry: string } }> = [];
  if (how === 'newer') {
    for (const l of listings) {
      const after = indexedOf(l);
      const before = await claimSearchWords(l.listing.id, after);
      if (before !== 'older') changes.push({ l, before, after });
    }
  } else {
    const before = new Map<number, Indexed>();
    if (how === 'force') {
      for (const item of await batchGet(listings.map((l) => keys.listingSearchWords(l.listing.id)), { consistent: true })) {
        before.set(Number(String(item.pk).slice('LISTING#'.length)), { words: item.words as string[], content: String(item.entry), seq: Number(item.seq ?? -1) });
      }
    }
    changes.push(...listings.map((l) => ({ l, before: before.get(l.listing.id), after: indexedOf(l) })));
  }
  const blocks = blockChanges(changes.map(({ l, before, after }) => ({ id: l.listing.id, before, after })));
  let written: { failed: false } | { failed: true; error: unknown } = { failed: false };
  try {
    await inPool(blocks, BLOCK_WRITERS, (change) => writeBlock(change, how));
  } catch (error) {
    written = { failed: true, error };
  }
  // After the block writes (even those of a write that failed half way): cached blocks read before
  // are not current any more. When both fail, the block write's error is the one to answer.
  if (blocks.length) {
    try {
      await bumpSearchClock();
    } catch (error) {
      if (!written.failed) throw error;
      console.error('listing search: the index clock was not moved after a failed block write', error);
    }
  }
  if (written.failed) throw written.error;
  if (how === 'newer') {
    for (const { l, after } of changes) {
      await writeMapItem(l);
      await confirmSearchWords(l.listing.id, after);
    }
  } else {
    await batchWriteAll(changes.flatMap(({ l, after }) => [...(how === 'force' ? [{ PutRequest: { Item: searchWordsItem(l.listing.id, after) } }] : []), mapRequest(l)]));
  }
}

/** Re-indexes one listing after a write that answered its new item (ALL_NEW, with its search_seq). */
const indexListingItem = (item: Record<string, unknown>): Promise<void> => indexListings([sequenced(item)], 'newer');

/**
 * Local tables made before ADR 0345 hold entries without rows (ADR 0300), or per-word token items
 * with a copy of the row (before ADR 0300): the first start after it writes every listing's entries
 * anew (and deletes those token items if the table is older than ADR 0300), once: a marker item.
 * Tables made before ADR 0440 get the id sets of their '@all' blocks, and tables made before ADR
 * 0450 the '@nomls' and month entries of their listings, once each: other markers.
 * Answers the number of listings re-indexed.
 */
export async function upgradeListingSearchIndex(): Promise<number> {
  const read = (key: Record<string, string>) => db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if ((await read(keys.listingSearchVersion)).Item) {
    const [ids, commands] = await Promise.all([read(keys.listingSearchVersionIds), read(keys.listingSearchVersionCommands)]);
    if (!ids.Item) await fillIdSets();
    const count = commands.Item ? 0 : await reindexListings(({ listing }) => commandWordsOf(listing).length > 0);
    if (!ids.Item || !commands.Item) await markListingSearchIndexCurrent();
    return count;
  }
  const tokenItems = !(await read(keys.listingSearchVersionBlocks)).Item;
  const count = await reindexListings(() => true, async (listings) => {
    if (!tokenItems) return;
    await batchWriteAll(
      listings.flatMap(({ listing: l }) => [...searchWordsOf(l), ALL_WORD].map((word) => ({ DeleteRequest: { Key: { pk: keys.listing(l.id).pk, sk: keys.listingSearchToken(l.id, word).sk } } }))),
    );
  });
  await fillIdSets();
  await markListingSearchIndexCurrent();
  return count;
}

/** Writes the index of every listing `which` picks anew ('force'), 250 at a time, each page after `before` it; answers how many. */
async function reindexListings(which: (l: SequencedListing) => boolean, before?: (listings: SequencedListing[]) => Promise<void>): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryListingItems('allListings', keys.allListings, 250, start);
    const listings = page.items.map(sequenced);
    await before?.(listings);
    const picked = listings.filter(which);
    await indexListings(picked, 'force');
    count += picked.length;
    start = page.next;
  } while (start);
  return count;
}

/** Every '@all' block's ids into its id set (ADD: a write meanwhile keeps its own). */
async function fillIdSets(): Promise<void> {
  const blocks = await queryAll(allBlocks());
  await inPool(blocks, BLOCK_WRITERS, async (block) => {
    const ids = entryIdsOf(Object.entries(block));
    if (ids.length) await addToIdSet(ids);
  });
}

/** Records that every listing of the table is indexed as ADRs 0345, 0440 and 0450 say (a new table's seed writes them so). */
export async function markListingSearchIndexCurrent(): Promise<void> {
  const upgraded_at = new Date().toISOString();
  await batchWriteAll([keys.listingSearchVersion, keys.listingSearchVersionIds, keys.listingSearchVersionCommands].map((key) => ({ PutRequest: { Item: { ...key, upgraded_at } } })));
}

/**
 * The index clock: every index change ADDs 1 after its block writes (ADR 0365). The listing cache
 * purge moves it too (ADR 0550): every container then reads its cached search blocks again.
 */
export async function bumpSearchClock(): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.listingSearchClock,
      UpdateExpression: 'ADD n :one SET #at = :at',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: { ':one': 1, ':at': Date.now() },
    }),
  );
}

interface Clock {
  n: number;
  at: number;
}

const clockOf = (item: Record<string, unknown> | undefined): Clock => ({ n: Number(item?.n ?? 0), at: Number(item?.at ?? 0) });
const isClock = (item: Record<string, unknown>) => item.pk === keys.listingSearchClock.pk && item.sk === keys.listingSearchClock.sk;

async function readSearchClock(): Promise<Clock> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingSearchClock, ConsistentRead: true }));
  return clockOf(Item);
}

/** The first `limit` matches (newest id first, each id's greatest matching entry) and the exact total. */
function answerOf(word: CachedWord, search: ListingSearch, limit: number): { page: Array<[number, string]>; count: number } {
  const page: Array<[number, string]> = [];
  let count = 0;
  for (const id of word.ids) {
    const entry = word.entries.get(id)!.find((e) => entryMatches(e, search));
    if (entry === undefined) continue;
    if (count++ < limit) page.push([id, entry]);
  }
  return { page, count };
}

/** An answer from a word's entries, remembered with them when they are cached. */
function answerFrom(driver: string, word: CachedWord, search: ListingSearch, limit: number): { rows: SearchRow[]; count: number } {
  const key = `${limit}|${search.mlsNull ? 'n' : ''}|${search.from ?? ''}|${search.to ?? ''}|${[...search.words].sort().join(' ')}`;
  let answer = word.answers.get(key);
  if (!answer) keepAnswer(driver, word, key, (answer = answerOf(word, search, limit)));
  return { rows: answer.page.map(([id, entry]) => entryRow(id, entry)!), count: answer.count };
}

/**
 * The blocks a search reads (gsi2) and the key they are cached under: those of the driving word and
 * every word it prefixes; without a word of 3 characters, those of '@nomls' for 'mls:null', else those
 * of the months of the date commands, else those of '@all' (ADR 0450). A synthetic word drives only itself.
 */
function drivingBlocks(search: ListingSearch): { key: string; bucket: string; sort: { beginsWith: string } | { from: string; to: string } } {
  const driver = drivingWord(search.words.filter((w) => w.length >= 3));
  if (driver) return { key: driver, bucket: driver, sort: { beginsWith: driver } };
  const only = (word: string) => ({ key: `${word}#`, bucket: word, sort: { beginsWith: `${word}#` } });
  if (search.mlsNull) return only(NO_MLS_WORD);
  if (!search.from && !search.to) return only(ALL_WORD);
  // gsi2sk is '<word>#<block>': '#' sorts below the digits, '~' above them.
  const from = search.from ? `${dateWord(search.from)}#` : `${DATE_WORD}#`;
  const to = `${search.to ? dateWord(search.to) : `${DATE_WORD}9999-12`}#~`;
  return { key: `${from}..${to}`, bucket: DATE_WORD, sort: { from, to } };
}

/**
 * What a search finds: the rows of the first `limit` listings (newest id first) and the exact total,
 * both from the block entries of the driving word (every word of the listings holding it as a
 * prefix), or of the synthetic words of `drivingBlocks`. A listing found under several words shows
 * its latest matching entry.
 *
 * The blocks of a driving word are cached in this process (ADR 0365) under the index clock read
 * BEFORE them. A warm search computes its page from the cached entries, then reads the clock
 * (strongly consistent) in one BatchGet with `alsoRead(rows)` (the page's visited sets): if the
 * clock did not move the answer stands (one round trip); otherwise the blocks are read again, the
 * clock just read serving as the one read before them. `read` holds the items of `alsoRead`.
 */
export async function searchListingRows(
  search: ListingSearch,
  limit: number,
  alsoRead: (rows: SearchRow[]) => Array<Record<string, unknown>> = () => [],
): Promise<{ rows: SearchRow[]; count: number; read: Array<Record<string, unknown>> }> {
  const drive = drivingBlocks(search);
  let clock: Clock | undefined;
  const cached = cachedWord(drive.key);
  if (cached && Date.now() - cached.readAt < cacheOptions.maxAgeMs) {
    const answer = answerFrom(drive.key, cached, search, limit);
    const items = await batchGet([keys.listingSearchClock, ...alsoRead(answer.rows)], { consistent: true });
    clock = clockOf(items.find(isClock));
    if (clock.n === cached.clock) {
      cacheStats.hits++;
      return { ...answer, read: items.filter((i) => !isClock(i)) };
    }
    cacheStats.stale++;
  }
  cacheStats.misses++;
  const withRead = async (answer: { rows: SearchRow[]; count: number }) => {
    const extra = alsoRead(answer.rows);
    return { ...answer, read: extra.length ? await batchGet(extra) : [] };
  };
  if (!search.words.length && !search.mlsNull && !search.from && !search.to) return withRead(await newestListingRows(search, limit));
  clock ??= await readSearchClock();
  const readAt = Date.now();
  const blocks = await queryAll({ ...byIndex('listingSearchWords', keys.listingWordBucket(drive.bucket), drive.sort) });
  const entries = cachedWordOf(blocks, isEntryAttribute, clock.n, readAt);
  // Blocks read just after a bump may miss a write gsi2 has not shown yet (eventually consistent in AWS): used, not kept.
  if (readAt - clock.at >= cacheOptions.settleMs) keepWord(drive.key, entries);
  else forgetWord(drive.key);
  return withRead(answerFrom(drive.key, entries, search, limit));
}

/**
 * The search without words or commands, without reading every '@all' block (ADR 0440): the rows of
 * the newest blocks, read newest first until they hold `limit` listings, and the total from the id
 * sets (a few bytes per listing).
 */
async function newestListingRows(search: ListingSearch, limit: number): Promise<{ rows: SearchRow[]; count: number }> {
  const newestBlocks = async () => {
    const blocks: Array<Record<string, unknown>> = [];
    let ids = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          ...allBlocks(),
          TableName: tableName(),
          ScanIndexForward: false,
          Limit: Math.ceil(limit / LISTING_SEARCH_BLOCK) + 1,
          ExclusiveStartKey: start,
        }),
      );
      for (const block of page.Items ?? []) {
        blocks.push(block);
        ids += entryIdsOf(Object.entries(block)).length;
      }
      start = page.LastEvaluatedKey;
    } while (start && ids < limit);
    return blocks;
  };
  const [blocks, idSets] = await Promise.all([newestBlocks(), queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.listingIdSets } })]);
  const { page } = answerOf(cachedWordOf(blocks, isEntryAttribute, 0, 0), search, limit);
  return { rows: page.map(([id, entry]) => entryRow(id, entry)!), count: idSets.reduce((n, set) => n + (set.ids as Set<number>).size, 0) };
}

/** The id and position of every listing with a delivery token: the map's points, read without the rows' other fields. */
export async function tokenedListingPoints(): Promise<Array<{ id: number; lat: number; lng: number }>> {
  const items = await queryAll({ ...byIndex('listingSearch', keys.listingSearchBucket(MAP_WORD), { beginsWith: `${MAP_WORD}#` }), ProjectionExpression: '#id, lat, lng', ExpressionAttributeNames: { '#id': 'id' } });
  return items as unknown as Array<{ id: number; lat: number; lng: number }>;
}

/** Civic number and street of a listing: its own fields, else read from the address ('1200 rue X'). */
export function addressParts(l: ListingRecord): { civic_number: string; street: string } {
  if (l.street) return { civic_number: l.civic_number, street: l.street };
  const m = /^\s*(\d+[A-Za-z]?)\s+(.*)$/.exec(l.address);
  return m ? { civic_number: m[1]!, street: m[2]! } : { civic_number: '', street: l.address };
}

/**
 * Saves the dialog's fields on the version read (ConditionalCheckFailed when it changed
 * meanwhile, TransactionCanceled with `alongside`), then indexes the listing; the address is civic number + street. With
 * `position`, the listing's point moves there (its address changed), and `alongside` are written in
 * the same transaction (its shootings following it). Answers the listing as saved.
 */
export async function updateListingFields(
  listing: StoredListing,
  fields: ListingFields,
  now = new Date(),
  moved: { position?: { lat: number; lng: number }; alongside?: readonly TransactItem[] } = {},
  onIndexFailure?: (error: unknown) => void,
): Promise<StoredListing> {
  const address = [fields.civic_number, fields.street].filter(Boolean).join(' ');
  const values: Record<string, unknown> = { ...fields, address, ...moved.position, updated_at: now.toISOString(), ...keys.listingIndexes(listing.broker_id, now.toISOString(), listing.id) };
  const names = Object.keys(values);
  const update = {
    TableName: tableName(),
    Key: keys.listing(listing.id),
    UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :f${i}`).join(', ')}, version = version + :one, ${NEXT_SEARCH_SEQ}`,
    ConditionExpression: 'version = :v',
    ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
    ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:f${i}`, values[n]])), ':v': listing.version, ':one': 1, ...NEXT_SEARCH_SEQ_VALUES },
  };
  let item: Record<string, unknown>;
  if (moved.alongside?.length) {
    await transact([{ Update: update }, ...moved.alongside]);
    item = (await db.send(new GetCommand({ TableName: tableName(), Key: keys.listing(listing.id), ConsistentRead: true }))).Item!;
  } else {
    item = (await db.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }))).Attributes!;
  }
  // The listing is written: with `onIndexFailure`, a failed index write is reported, not thrown
  // (the save stands, and mendSearchIndex brings the index up to date when the listing is next read).
  await indexListingItem(item).catch((error: unknown) => {
    if (!onIndexFailure) throw error;
    onIndexFailure(error);
  });
  return toListing(item);
}

/** A listing's shooting date as stored, and the search sequence a write conditional on it names (consistent read). */
export async function listingShootingDate(id: number): Promise<{ shootingdate: string | null; seq: number } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listing(id), ConsistentRead: true, ProjectionExpression: 'pk, shootingdate, search_seq' }));
  return Item ? { shootingdate: typeof Item.shootingdate === 'string' ? Item.shootingdate : null, seq: Number(Item.search_seq ?? 0) } : undefined;
}

/**
 * Sets the listing's shooting date (search's du:/au: and its column; null: none) and re-indexes it.
 * With `seq` (listingShootingDate's), only while the listing has not changed since: false when it
 * has, or is gone.
 */
export async function noteListingShootingDate(listingId: number, date: string | null, seq?: number): Promise<boolean> {
  const unchanged = seq === undefined ? '' : seq === 0 ? ' AND (attribute_not_exists(search_seq) OR search_seq = :seq)' : ' AND search_seq = :seq';
  return setSearchedFields(listingId, 'shootingdate = :d', `attribute_exists(pk)${unchanged}`, { ':d': date, ...(seq === undefined ? {} : { ':seq': seq }) });
}

/**
 * Writes a renamed broker's names on one of their listings, and re-indexes it (search words, its
 * row, the map). Not a change of the listing: its version and update time stay, so the lists' order
 * and a form read before are unaffected. False when the listing is gone or no longer theirs.
 */
export async function setListingBrokerNames(listingId: number, brokerId: number, names: StoredListing['broker']): Promise<boolean> {
  return setSearchedFields(listingId, 'broker = :b', 'attribute_exists(pk) AND broker_id = :id', { ':b': { firstname: names.firstname, lastname: names.lastname }, ':id': brokerId });
}

/**
 * Brings the listing's search entries and map item up to date when a write's indexing failed or
 * stopped half way (its SEARCHWORDS claim is missing, older than the listing's sequence, or
 * unconfirmed): indexes it again at the next sequence, as any change would. Answers whether it did.
 */
export async function mendSearchIndex(listingId: number): Promise<boolean> {
  const read = (key: Record<string, string>, names: string[]) =>
    db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true, ProjectionExpression: names.map((_, i) => `#p${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#p${i}`, n])) }));
  const [{ Item: listing }, { Item: indexed }] = await Promise.all([read(keys.listing(listingId), ['pk', 'search_seq']), read(keys.listingSearchWords(listingId), ['seq', 'entry'])]);
  if (!listing) return false;
  if (indexed && Number(indexed.seq ?? -1) >= Number(listing.search_seq ?? 0) && String(indexed.entry) !== UNCONFIRMED) return false;
  return setSearchedFields(listingId, undefined, 'attribute_exists(pk)', {});
}

/** Sets fields the search shows, outside the listing's versioned changes, at the next search sequence, and re-indexes it; false when `condition` fails. */
async function setSearchedFields(listingId: number, set: string | undefined, condition: string, values: Record<string, unknown>): Promise<boolean> {
  let written: Record<string, unknown> | undefined;
  try {
    ({ Attributes: written } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.listing(listingId),
        UpdateExpression: `SET ${set ? `${set}, ` : ''}${NEXT_SEARCH_SEQ}`,
        ConditionExpression: condition,
        ExpressionAttributeValues: { ...values, ...NEXT_SEARCH_SEQ_VALUES },
        ReturnValues: 'ALL_NEW',
      }),
    ));
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
  await indexListingItem(written!);
  return true;
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
 * Sets a listing's MLS number (the MLS screens' Save MLS). False when the listing does not exist,
 * 'changed' when `shown` (the number the screen showed, null for none) is no longer the listing's.
 * The staff lists follow the update time, so the listing's index keys and search words move with it.
 */
export async function setListingMls(id: number, mls: string, shown?: string | null, now = new Date()): Promise<boolean | 'changed'> {
  const listing = await getListing(id);
  if (!listing) return false;
  // Saved over what the screen showed only: another user's number set meanwhile is not overwritten.
  if (shown !== undefined && (listing.mls ?? null) !== shown) return 'changed';
  const updated_at = now.toISOString();
  const { gsi1sk, gsi3sk } = keys.listingIndexes(listing.broker_id, updated_at, id);
  let written: Record<string, unknown>;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.listing(id),
        UpdateExpression: `SET mls = :mls, updated_at = :u, gsi1sk = :g1, gsi3sk = :g3, version = version + :one, ${NEXT_SEARCH_SEQ}`,
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':mls': mls, ':u': updated_at, ':g1': gsi1sk, ':g3': gsi3sk, ':one': 1, ':v': listing.version, ...NEXT_SEARCH_SEQ_VALUES },
        ReturnValues: 'ALL_NEW',
      }),
    );
    written = Attributes!;
  } catch (error) {
    // Changed meanwhile: applied on the newer version, after the same check of what the screen showed.
    if ((error as Error).name === 'ConditionalCheckFailedException') return setListingMls(id, mls, shown, now);
    throw error;
  }
  // The MLS is saved: a failed index write leaves the search behind until mendSearchIndex or the next change.
  await indexListingItem(written).catch((error: unknown) => console.error('listing search: an MLS number saved but not indexed', error));
  return true;
}
