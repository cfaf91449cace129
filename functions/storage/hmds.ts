import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { hmdRecord, type HmdRecord } from '#shared/entities/hmd.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { conflict } from '../plumbing/errors.ts';
import { nextId } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';

/**
 * VR headsets (HMD, part 2 §3): the one module that reads and writes their items and their serial
 * guards (docs/decisions/0130). Every write puts or deletes the whole item on the condition that
 * its `version` is still the one read, so two concurrent edits never lose one another.
 */
export interface StoredHmd extends HmdRecord {
  version: number;
}

export type HmdChanges = Partial<Pick<HmdRecord, 'user_id' | 'notes' | 'city' | 'postalcode'>>;

export const DUPLICATE_SERIAL = 'A headset with this serial number is already registered.';
export const CHANGED_MEANWHILE = 'This headset was changed by someone else meanwhile; reload it and try again.';
export const ASSIGNED_CANNOT_DELETE = 'This headset is assigned to a user: unassign it before deleting it.';

const toHmd = (item: Record<string, unknown>): StoredHmd => ({ ...hmdRecord.parse(item), version: Number(item.version ?? 1) });

const itemOf = (hmd: StoredHmd) => ({ ...keys.hmd(hmd.id), ...keys.hmdIndexes(hmd), ...hmdRecord.parse(hmd), version: hmd.version });

export async function getHmd(id: number): Promise<StoredHmd | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.hmd(id), ConsistentRead: true }));
  return Item ? toHmd(Item) : undefined;
}

/** The headset of a serial number (case and surrounding spaces ignored), through its serial guard. */
export async function findHmdBySerial(serial: string): Promise<StoredHmd | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.hmdSerial(serial), ConsistentRead: true }));
  return Item ? getHmd(Number(Item.hmd_id)) : undefined;
}

/** Every headset by serial number (`allHmds`: `HMDS`), at most `max`. */
export async function listHmds(max: number): Promise<StoredHmd[]> {
  const items = await queryAll(byIndex('allHmds', keys.allHmds), max);
  return items.map(toHmd);
}

/** The headsets assigned to a user, by serial number (`hmdsByUser`: `USER#<id>#HMDS`, present only while assigned). */
export async function hmdsOfUser(userId: number, max = 500): Promise<StoredHmd[]> {
  const items = await queryAll(byIndex('hmdsByUser', keys.hmdsOfUser(userId)), max);
  // The index is eventually consistent: keep only what still says so.
  return items.map(toHmd).filter((hmd) => hmd.user_id === userId);
}

/**
 * Registers an unassigned headset. The serial guard and the headset are written in one
 * transaction, the guard on the condition that it does not exist: two registrations of one serial
 * number cannot both succeed (409), with no read before the write.
 */
export async function insertHmd(serialNumber: string, now = new Date()): Promise<StoredHmd> {
  const id = await nextId('hmd');
  const at = now.toISOString();
  const hmd: StoredHmd = { ...hmdRecord.parse({ id, serial_number: serialNumber, created_at: at, updated_at: at }), version: 1 };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.hmdSerial(serialNumber), hmd_id: id, serial_number: serialNumber }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: itemOf(hmd), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw conflict(DUPLICATE_SERIAL);
    throw error;
  }
  return hmd;
}

/** Writes the changes if the headset is still at the version read; 409 otherwise. */
export async function updateHmd(hmd: StoredHmd, changes: HmdChanges, now = new Date()): Promise<StoredHmd> {
  const next: StoredHmd = { ...hmd, ...changes, updated_at: now.toISOString(), version: hmd.version + 1 };
  try {
    await db.send(new PutCommand({ TableName: tableName(), Item: itemOf(next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': hmd.version } }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw conflict(CHANGED_MEANWHILE);
    throw error;
  }
  return next;
}

/**
 * Deletes an unassigned headset and its serial guard together, if it is still at the version read
 * (so still unassigned); 409 while assigned or when it changed.
 */
export async function removeHmd(hmd: StoredHmd): Promise<void> {
  if (hmd.user_id !== null) throw conflict(ASSIGNED_CANNOT_DELETE);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: keys.hmd(hmd.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': hmd.version } } },
          { Delete: { TableName: tableName(), Key: keys.hmdSerial(hmd.serial_number), ConditionExpression: 'hmd_id = :id', ExpressionAttributeValues: { ':id': hmd.id } } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw conflict(CHANGED_MEANWHILE);
    throw error;
  }
}

