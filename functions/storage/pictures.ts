import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from '#shared/zod.ts';
import { pictureRecord, type PictureRecord } from '#shared/entities/picture.ts';
import { shootingRecord, type ShootingRecord } from '#shared/entities/shooting.ts';
import type { DeliveryPicture } from '#shared/catalogue/deliveries.ts';
import { ShootingState } from '#shared/enums.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { keys } from '../plumbing/keys.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { byIndex, nextPageKey, queryAll as queryAllItems } from '../plumbing/query.ts';
import { mediaUrl, pictureFileName } from '../plumbing/media.ts';
import { nextId } from '../plumbing/ids.ts';
import { transact, type TransactItem } from '../plumbing/transact.ts';

/** Pictures (items in their listing's partition) and the read-only view of shootings deliveries need. */
export interface StoredPicture extends PictureRecord {
  version: number;
  /** Last change of the files (cache-busting suffix); created_at when never changed. */
  updated_at: string;
}

function toPicture(item: Record<string, unknown>): StoredPicture {
  const record = pictureRecord.parse(item);
  return { ...record, version: Number(item.version ?? 1), updated_at: typeof item.updated_at === 'string' ? item.updated_at : record.created_at };
}

export function pictureItem(picture: PictureRecord): Record<string, unknown> {
  return { ...keys.picture(picture.listing_id, picture.shooting_id, picture.picture_index), ...pictureRecord.parse(picture), updated_at: picture.created_at, version: 1 };
}

/** A new picture, and its listing's entry in the review queue (keys.reviewEntry) naming its shooting. */
export async function insertPicture(fields: Omit<z.input<typeof pictureRecord>, 'id'>): Promise<PictureRecord> {
  const picture = pictureRecord.parse({ ...fields, id: await nextId('picture') });
  await putNewItem({ TableName: tableName(), Item: pictureItem(picture), ConditionExpression: 'attribute_not_exists(pk)' });
  await db.send(new UpdateCommand(reviewEntryKept(picture.listing_id, picture.shooting_id).Update!));
  return picture;
}

/**
 * The listing's review-queue entry names the shooting and no longer expires: new pictures came, or
 * the shooting went back to retouch after the media e-mail had set its expiry (`expireReviewEntry`).
 */
export function reviewEntryKept(listingId: number, shootingId: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.reviewEntry(listingId),
      UpdateExpression: 'SET listing_id = :l ADD shooting_ids :s REMOVE #ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':l': listingId, ':s': new Set([shootingId]) },
    },
  };
}

async function queryAll(listingId: number, prefix: string): Promise<StoredPicture[]> {
  const items = await queryAllItems({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': keys.listing(listingId).pk, ':prefix': prefix } });
  return items.map(toPicture);
}

/**
 * A listing's pictures in their display order: the order set on the review screen (order_index),
 * else the stored order (shooting, then index). Delivery and review read the same order.
 */
export const picturesOfListing = async (listingId: number) => inDisplayOrder(await queryAll(listingId, keys.picturesPrefix));

export function inDisplayOrder<T extends Pick<PictureRecord, 'order_index'>>(pictures: readonly T[]): T[] {
  return pictures
    .map((picture, position) => ({ picture, at: picture.order_index ?? position }))
    .sort((a, b) => a.at - b.at)
    .map(({ picture }) => picture);
}
export const picturesOfShooting = (listingId: number, shootingId: number) => queryAll(listingId, keys.picturesOfShooting(shootingId));

export async function getPicture(listingId: number, shootingId: number, index: number, consistent = false): Promise<StoredPicture | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.picture(listingId, shootingId, index), ConsistentRead: consistent }));
  return Item ? toPicture(Item) : undefined;
}

/**
 * The picture's feedback ticket, set once: a TransactWriteItems piece (feedback writes it with
 * the ticket), conditional on the version read and on no ticket being there yet.
 */
export function setFeedbackTicket(picture: Pick<StoredPicture, 'listing_id' | 'shooting_id' | 'picture_index' | 'version'>, ticketId: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.picture(picture.listing_id, picture.shooting_id, picture.picture_index),
      UpdateExpression: 'SET feedback_ticket_id = :t, version = version + :one',
      ConditionExpression: 'version = :v AND (attribute_not_exists(feedback_ticket_id) OR feedback_ticket_id = :null)',
      ExpressionAttributeValues: { ':t': ticketId, ':one': 1, ':v': picture.version, ':null': null },
    },
  };
}

/** The delivery page shows only pictures that have a thumbnail (part 1 §2.9). */
export const deliverable = (pictures: StoredPicture[]) => pictures.filter((p): p is StoredPicture & { thumbnail_key: string } => !!p.thumbnail_key);

/**
 * The file a delivery gives of a picture: a watermarked one as its watermarked rendition, since a
 * picture the broker bought never has one (part 3 §5); the others as delivered.
 */
export const deliveredFile = (picture: Pick<StoredPicture, 'show_watermark' | 'watermarked_key' | 'distrib_key' | 'original_key'>): string =>
  (picture.show_watermark && picture.watermarked_key) || picture.distrib_key || picture.original_key;

/**
 * A picture as a delivery page shows it, at its `position` on the page (0 first): its file is named
 * by that position, since each shooting numbers its own pictures from 0 (part 3 §9: index plus a slug).
 */
export async function deliveryPicture(picture: StoredPicture & { thumbnail_key: string }, listing: { address: string; city: string }, position: number): Promise<DeliveryPicture> {
  const file = deliveredFile(picture);
  const filename = pictureFileName(position, listing.address, listing.city);
  const version = picture.updated_at;
  const [thumbnail_url, distrib_url, download_url] = await Promise.all([
    mediaUrl(picture.thumbnail_key, { version }),
    mediaUrl(file, { version }),
    mediaUrl(file, { version, downloadName: filename }),
  ]);
  return {
    id: picture.id,
    shooting_id: picture.shooting_id,
    picture_index: picture.picture_index,
    public: picture.public,
    thumbnail_url,
    distrib_url,
    download_url,
    filename,
    feedback_ticket_id: picture.feedback_ticket_id,
  };
}

/** Minimal shooting view; tolerant of fields other areas add. */
export type ShootingView = Pick<ShootingRecord, 'id' | 'listing_id' | 'broker_id' | 'scheduleddate' | 'state' | 'tech_id' | 'pp_tech_id' | 'is_public_for_broker' | 'all_services_delivered'>;

function toShootingView(item: Record<string, unknown>): ShootingView {
  const parsed = shootingRecord.safeParse(item);
  if (parsed.success) return parsed.data;
  return {
    id: Number(item.id),
    listing_id: Number(item.listing_id),
    broker_id: Number(item.broker_id),
    scheduleddate: String(item.scheduleddate ?? ''),
    state: Number(item.state ?? 0),
    tech_id: item.tech_id == null ? null : Number(item.tech_id),
    pp_tech_id: item.pp_tech_id == null ? null : Number(item.pp_tech_id),
    is_public_for_broker: item.is_public_for_broker === true,
    all_services_delivered: item.all_services_delivered === true,
  };
}

/** Shootings by id (BatchGetItem, 100 keys per call). Missing ids are left out. */
export async function getShootings(ids: readonly number[]): Promise<ShootingView[]> {
  return (await batchGet([...new Set(ids)].map((id) => keys.shooting(id)))).map(toShootingView);
}

/**
 * 'Final delivery' (docs/decisions/0063-final-delivery.md): every shooting that has pictures on the
 * page is delivered: in state 14, or sent to the broker (public for the broker) with all its services
 * delivered and not back in retouch. Anything else means more pictures may still be added.
 */
export function isFinalDelivery(shootings: readonly Pick<ShootingView, 'state' | 'is_public_for_broker' | 'all_services_delivered'>[]): boolean {
  return shootings.length > 0 && shootings.every(isDelivered);
}

function isDelivered(s: Pick<ShootingView, 'state' | 'is_public_for_broker' | 'all_services_delivered'>): boolean {
  if (s.state === ShootingState.delivered) return true;
  return s.is_public_for_broker && s.all_services_delivered && s.state !== ShootingState.retouch;
}

/**
 * One Query page of a technician's shootings, newest first (the shootings' tech index for capture,
 * pointer items for post-production): each shooting's id and the key that resumes right after it.
 */
export async function shootingsOfTechBatch(
  techId: number,
  postProduction: boolean,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ entries: Array<{ id: number; key: Record<string, unknown> }>; next?: Record<string, unknown> }> {
  const input = postProduction
    ? { TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.shootingsOfPpTech(techId) }, ScanIndexForward: false, Limit: limit }
    : { TableName: tableName(), ...byIndex('shootingsByTechDate', keys.shootingsOfTech(techId)), ScanIndexForward: false, Limit: limit };
  const keyNames = postProduction ? ['pk', 'sk'] : ['pk', 'sk', 'gsi3pk', 'gsi3sk'];
  const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
  const entries = (page.Items ?? []).map((item) => ({
    id: Number(postProduction ? item.shooting_id : item.id),
    key: Object.fromEntries(keyNames.map((name) => [name, item[name]])),
  }));
  const next = await nextPageKey(input, page);
  return { entries, ...(next ? { next } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Review (part 3 screen 5, §4–§5; docs/decisions/0210–0212).

/** The fields the review screen changes on a picture. */
export type ReviewFields = Partial<Pick<PictureRecord, 'is_validated' | 'public' | 'included_in_video' | 'show_watermark' | 'watermarked_key' | 'order_index' | 'service_offer_id'>>;

/**
 * One picture's review change, conditional on the version read (a concurrent change answers a
 * ConditionalCheckFailed, the handler's 409). `unlessPurchased`: also only while not bought.
 */
export function reviewChange(picture: Pick<StoredPicture, 'listing_id' | 'shooting_id' | 'picture_index' | 'version'>, fields: ReviewFields, unlessPurchased = false): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':v': picture.version, ':one': 1, ':now': new Date().toISOString() };
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  if (unlessPurchased) values[':true'] = true;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.picture(picture.listing_id, picture.shooting_id, picture.picture_index),
      UpdateExpression: `SET ${[...sets, 'version = version + :one', 'updated_at = :now'].join(', ')}`,
      ConditionExpression: unlessPurchased ? 'version = :v AND (attribute_not_exists(is_purchased) OR is_purchased <> :true)' : 'version = :v',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** One picture's review change: the picture as read, the fields it takes, and whether only while not bought. */
export interface ReviewChange {
  picture: StoredPicture;
  fields: ReviewFields;
  unlessPurchased?: boolean;
}

/**
 * Sends review changes, 100 per transaction (DynamoDB's limit), all or nothing: when a later
 * transaction is refused (a picture changed meanwhile), the pictures the earlier ones changed get
 * their values back, each on the version this call gave it, before the refusal goes on. A picture
 * someone changed again in the meantime keeps that change (logged), as any later save would.
 * `alongside` (a guard's claim) is written in the first transaction.
 */
export async function applyReviewChanges(changes: readonly ReviewChange[], alongside: readonly TransactItem[] = []): Promise<void> {
  const applied: ReviewChange[] = [];
  const width = 100 - alongside.length;
  for (let i = 0; i < changes.length; i += width) {
    const batch = changes.slice(i, i + width);
    // `alongside` joins the first transaction: it commits with the first changes or refuses them all.
    const pieces = [...(i === 0 ? alongside : []), ...batch.map((c) => reviewChange(c.picture, c.fields, c.unlessPurchased))];
    try {
      if (pieces.length === 1) await db.send(new UpdateCommand(pieces[0]!.Update!));
      else await transact(pieces);
    } catch (error) {
      await undoReviewChanges(applied);
      throw error;
    }
    applied.push(...batch);
  }
}

async function undoReviewChanges(applied: readonly ReviewChange[]): Promise<void> {
  for (const { picture, fields } of applied) {
    const before = Object.fromEntries(Object.keys(fields).map((name) => [name, picture[name as keyof ReviewFields] ?? null])) as ReviewFields;
    try {
      await db.send(new UpdateCommand(reviewChange({ ...picture, version: picture.version + 1 }, before).Update!));
    } catch (error) {
      console.error('review change not undone', { picture: picture.id, error: (error as Error).name });
    }
  }
}

/** The version of a listing's slideshow guard (0 before any addition), read consistently before the pictures it guards. */
export async function slideshowVersion(listingId: number): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.slideshowGuard(listingId), ConsistentRead: true }));
  return Number(Item?.version ?? 0);
}

/** The piece that moves the slideshow guard on from the version read: refused when another addition moved it meanwhile. */
export function slideshowClaim(listingId: number, version: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.slideshowGuard(listingId),
      UpdateExpression: 'SET version = :next',
      ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
      ExpressionAttributeValues: { ':next': version + 1, ...(version === 0 ? {} : { ':v': version }) },
    },
  };
}

/** The piece that names a comment ticket on the picture (written with the ticket). */
export function addCommentTicket(picture: Pick<StoredPicture, 'listing_id' | 'shooting_id' | 'picture_index'>, ticketId: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.picture(picture.listing_id, picture.shooting_id, picture.picture_index),
      UpdateExpression: 'SET comment_ticket_ids = list_append(if_not_exists(comment_ticket_ids, :empty), :t), version = version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': [ticketId], ':empty': [], ':one': 1 },
    },
  };
}

/** A review-queue entry: a listing that has pictures and the shootings they came from. */
export interface ReviewEntry {
  listing_id: number;
  shooting_ids: number[];
}

const toReviewEntry = (item: Record<string, unknown>): ReviewEntry => ({ listing_id: Number(item.listing_id), shooting_ids: [...((item.shooting_ids as Set<number> | undefined) ?? [])].map(Number) });

/** An entry DynamoDB has not deleted yet although its `ttl` has passed is gone for the queue. */
const notExpired = (item: Record<string, unknown>, now = Date.now() / 1000) => typeof item.ttl !== 'number' || item.ttl > now;

/** Every review-queue entry (one item collection; entries of listings sent long ago expire through `ttl`). */
export async function reviewEntries(): Promise<ReviewEntry[]> {
  const items = await queryAllItems({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.reviewQueuePartition } });
  return items.filter((item) => notExpired(item)).map(toReviewEntry);
}

/** The review-queue entries of some listings, as `reviewEntries` reads them (BatchGetItem). */
export async function reviewEntriesOf(listingIds: readonly number[]): Promise<ReviewEntry[]> {
  const items = await batchGet([...new Set(listingIds)].map((id) => keys.reviewEntry(id)), { consistent: false });
  return items.filter((item) => notExpired(item)).map(toReviewEntry);
}

/**
 * The shootings a listing's pictures belong to, read from the pictures themselves: what its review
 * entry names, for a listing whose entry has expired (sent to the broker more than SENT_ENTRY_DAYS ago).
 */
export async function shootingIdsOfPictures(listingId: number): Promise<number[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ProjectionExpression: 'shooting_id',
    ExpressionAttributeValues: { ':pk': keys.listing(listingId).pk, ':prefix': keys.picturesPrefix },
  });
  return [...new Set(items.map((item) => Number(item.shooting_id)))];
}

/** The entry of one listing (the review screen finds the listing's shootings through it). */
export async function reviewEntry(listingId: number): Promise<ReviewEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.reviewEntry(listingId) }));
  return Item ? toReviewEntry({ ...Item, listing_id: listingId }) : undefined;
}

/** Sent to the broker: the entry stays in 'Public and Sent' for this many days, then expires (DynamoDB TTL). */
export const SENT_ENTRY_DAYS = 30;

/** The entry's expiry once the listing is sent to the broker: a piece of the sending transaction. */
export function reviewEntryExpiry(listingId: number, now = new Date()): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.reviewEntry(listingId),
      UpdateExpression: 'SET #ttl = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':t': Math.floor(now.getTime() / 1000) + SENT_ENTRY_DAYS * 86_400 },
    },
  };
}

export async function expireReviewEntry(listingId: number, now = new Date()): Promise<void> {
  await db.send(new UpdateCommand(reviewEntryExpiry(listingId, now).Update!));
}
