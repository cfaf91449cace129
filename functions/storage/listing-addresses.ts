import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { wordsOf } from '#shared/rules/listing-search.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import type { TransactItem } from '../plumbing/transact.ts';

/** The parts of an address a booking compares: the street address, the apartment, the postal code. */
export interface ListingAddress {
  address: string;
  app: string;
  postalcode: string;
}

/** An address part as compared: its letters and digits of any script, accents and case aside ('12 Rue Œuvre' keeps its 'œ'). */
const norm = (s: string) => wordsOf(s).join('');

/** Whether two addresses are the same place for a booking; an address with no letter or digit matches none. */
export function sameAddress(a: ListingAddress, b: ListingAddress): boolean {
  return norm(a.address) !== '' && norm(a.address) === norm(b.address) && norm(a.app) === norm(b.app) && norm(a.postalcode) === norm(b.postalcode);
}

/** The address as its claim's key (a digest: the parts are up to 350 characters), or undefined for an address that matches none. */
export function addressClaimKey(a: ListingAddress): string | undefined {
  if (norm(a.address) === '') return undefined;
  return createHash('sha256').update([a.address, a.app, a.postalcode].map(norm).join('\u0000')).digest('base64url');
}

/**
 * The listing a broker's booking created at an address (ADR 0650), read consistently: two bookings
 * of one address at once both miss the listing in the broker's index (it lags), and the claim makes
 * the second find the first's. It may name a listing moved or deleted since: the caller checks.
 */
export async function addressClaimOf(brokerId: number, key: string): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.listingAddress(brokerId, key), ConsistentRead: true }));
  return Item ? Number(Item.listing_id) : undefined;
}

/**
 * The claim as a piece of the transaction that creates the listing: it fails its condition when
 * another booking claimed the address since it was read (`was`: the listing the claim named then,
 * one that no longer has this address).
 */
export function addressClaimPut(brokerId: number, key: string, listingId: number, was: number | undefined): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.listingAddress(brokerId, key), listing_id: listingId },
      ...(was === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'listing_id = :was', ExpressionAttributeValues: { ':was': was } }),
    },
  };
}
