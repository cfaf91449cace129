import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listingRecord, type ListingRecord } from '#shared/entities/listing.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { nextId } from '../plumbing/ids.ts';
import { byIndex } from '../plumbing/query.ts';
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

export async function getListing(id: number): Promise<StoredListing | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listing(id) }));
  return Item ? toListing(Item) : undefined;
}

/** A new listing and the TransactWriteItems Put that creates it (booking creates listing and shooting together). */
export async function newListingPut(fields: Omit<ListingRecord, 'id' | 'created_at' | 'updated_at'>, now = new Date()): Promise<{ listing: ListingRecord; put: TransactItem }> {
  const id = await nextId('listing', 5000);
  const listing = listingRecord.parse({ ...fields, id, created_at: now.toISOString(), updated_at: now.toISOString() });
  return { listing, put: { Put: { TableName: tableName(), Item: itemOf(listing, 1), ConditionExpression: 'attribute_not_exists(pk)' } } };
}

export async function insertListing(fields: Omit<ListingRecord, 'id' | 'created_at' | 'updated_at'>, now = new Date()): Promise<ListingRecord> {
  const { listing, put } = await newListingPut(fields, now);
  await db.send(new PutCommand(put.Put!));
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
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.listing(listing.id),
      UpdateExpression: 'SET distribution_token = :t, gsi2pk = :g, gsi2sk = :s, version = version + :one',
      ConditionExpression: onlyIfNone ? 'version = :v AND (attribute_not_exists(distribution_token) OR distribution_token = :null)' : 'version = :v',
      ExpressionAttributeValues: { ':t': token, ':g': gsi2pk, ':s': gsi2sk, ':one': 1, ':v': listing.version, ...(onlyIfNone ? { ':null': null } : {}) },
    }),
  );
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
