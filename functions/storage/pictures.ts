import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { pictureRecord, type PictureRecord } from '#shared/entities/picture.ts';
import { shootingRecord, type ShootingRecord } from '#shared/entities/shooting.ts';
import type { DeliveryPicture } from '#shared/catalogue/deliveries.ts';
import { ShootingState } from '#shared/enums.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { keys } from '../plumbing/keys.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { byIndex, queryAll as queryAllItems } from '../plumbing/query.ts';
import { mediaUrl, pictureFileName } from '../plumbing/media.ts';
import { nextId } from '../plumbing/ids.ts';
import type { TransactItem } from '../plumbing/transact.ts';

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

export async function insertPicture(fields: Omit<PictureRecord, 'id'>): Promise<PictureRecord> {
  const picture = pictureRecord.parse({ ...fields, id: await nextId('picture') });
  await db.send(new PutCommand({ TableName: tableName(), Item: pictureItem(picture), ConditionExpression: 'attribute_not_exists(pk)' }));
  return picture;
}

async function queryAll(listingId: number, prefix: string): Promise<StoredPicture[]> {
  const items = await queryAllItems({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': keys.listing(listingId).pk, ':prefix': prefix } });
  return items.map(toPicture);
}

/** A listing's pictures, by shooting then index. */
export const picturesOfListing = (listingId: number) => queryAll(listingId, keys.picturesPrefix);
export const picturesOfShooting = (listingId: number, shootingId: number) => queryAll(listingId, keys.picturesOfShooting(shootingId));

export async function getPicture(listingId: number, shootingId: number, index: number): Promise<StoredPicture | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.picture(listingId, shootingId, index) }));
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

export async function deliveryPicture(picture: StoredPicture & { thumbnail_key: string }, listing: { address: string; city: string }): Promise<DeliveryPicture> {
  const file = picture.distrib_key ?? picture.original_key;
  const filename = pictureFileName(picture.picture_index, listing.address, listing.city);
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
export type ShootingView = Pick<ShootingRecord, 'id' | 'listing_id' | 'broker_id' | 'scheduleddate' | 'state' | 'tech_id' | 'pp_tech_id'>;

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
  };
}

/** Shootings by id (BatchGetItem, 100 keys per call). Missing ids are left out. */
export async function getShootings(ids: readonly number[]): Promise<ShootingView[]> {
  return (await batchGet([...new Set(ids)].map((id) => keys.shooting(id)))).map(toShootingView);
}

/**
 * 'Final delivery' (docs/decisions/0063-final-delivery.md): every shooting that has pictures on the
 * page is delivered (state 14). Anything earlier means more pictures may still be added.
 */
export function isFinalDelivery(shootings: readonly ShootingView[]): boolean {
  return shootings.length > 0 && shootings.every((s) => s.state === ShootingState.delivered);
}

/** One Query page of shooting ids under a technician's partition (the shootings' tech index for capture, pointer items for post-production). */
export async function shootingIdsOfTech(
  techId: number,
  postProduction: boolean,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ ids: number[]; next?: Record<string, unknown> }> {
  const page = await db.send(
    postProduction
      ? new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.shootingsOfPpTech(techId) },
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: start,
        })
      : new QueryCommand({
          TableName: tableName(),
          ...byIndex('shootingsByTechDate', keys.shootingsOfTech(techId)),
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: start,
        }),
  );
  const ids = (page.Items ?? []).map((item) => Number(postProduction ? item.shooting_id : item.id));
  const next = page.LastEvaluatedKey;
  return { ids, ...(next ? { next } : {}) };
}
