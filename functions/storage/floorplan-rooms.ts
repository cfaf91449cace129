import type * as z from '#shared/zod.ts';
import { floorplanRoomRecord, type FloorplanRoomRecord } from '#shared/entities/floorplan-room.ts';
import { tableName } from '../plumbing/aws.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { nextId } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';

/**
 * Floorplan rooms (part 3 §3; docs/decisions/0275): items in their listing's partition
 * (keys.floorplanRoom), read with one Query of the partition's FLOORPLAN# items.
 */

/** A listing's rooms, by floor then by room id (the order the capture side recorded them). */
export async function floorplanOfListing(listingId: number): Promise<FloorplanRoomRecord[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': keys.listing(listingId).pk, ':prefix': keys.floorplanPrefix } });
  return items.map((item) => floorplanRoomRecord.parse(item)).sort((a, b) => a.floor - b.floor || a.id - b.id);
}

/** A new room (its id from the counter), written once: a second put of the same id is refused. */
export async function insertFloorplanRoom(fields: Omit<z.input<typeof floorplanRoomRecord>, 'id'>): Promise<FloorplanRoomRecord> {
  const room = floorplanRoomRecord.parse({ ...fields, id: await nextId('floorplan-room') });
  await putNewItem({ TableName: tableName(), Item: { ...keys.floorplanRoom(room.listing_id, room.id), ...room }, ConditionExpression: 'attribute_not_exists(pk)' });
  return room;
}
