import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import type { TransactItem } from '../plumbing/transact.ts';

/**
 * A booking request the caller numbered (`request_id`, ADR 0585): which shooting it made, stored in
 * the booking's own transaction, so a request sent again after its answer was lost (a timeout, a
 * dropped connection) finds the shooting instead of booking a second one.
 */
export interface BookingRequestRecord {
  shooting_id: number;
  listing_id: number;
  /** What was asked (every field but the id): the same id with other details is refused. */
  fingerprint: string;
}

/** A client retries within minutes; a day keeps the answer for any retry without keeping it for good. */
export const BOOKING_REQUEST_TTL_SECONDS = 24 * 3600;

/** A digest of the request's details, in the order the catalogue's schema gives them. */
export function bookingFingerprint(details: object): string {
  return createHash('sha256').update(JSON.stringify(details)).digest('base64url');
}

export async function bookingRequestOf(userId: number, requestId: string): Promise<BookingRequestRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.bookingRequest(userId, requestId), ConsistentRead: true }));
  return Item ? { shooting_id: Number(Item.shooting_id), listing_id: Number(Item.listing_id), fingerprint: String(Item.fingerprint) } : undefined;
}

/** The record as a piece of the booking's transaction; it fails its condition when the id was used meanwhile. */
export function bookingRequestPut(userId: number, requestId: string, record: BookingRequestRecord, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.bookingRequest(userId, requestId), ...record, created_at: now.toISOString(), ttl: Math.floor(now.getTime() / 1000) + BOOKING_REQUEST_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
