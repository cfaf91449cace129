import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DepotFields, DepotView } from '#shared/catalogue/depots.ts';
import { DEPOT_MESSAGES } from '#shared/messages/depots.ts';
import { depotRecord, type DepotRecord } from '#shared/entities/depot.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { putNewItem } from '../plumbing/new-item.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { conflict, invalidInput, notFound, type HttpError } from '../plumbing/errors.ts';
import { nextId } from '../plumbing/ids.ts';
import { keys } from '../plumbing/keys.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { cancellationCodes, type TransactItem } from '../plumbing/transact.ts';

/**
 * Depots (part 2 §3 "Depot"): a technician's start point when their home is not known; the only
 * module that writes depot items (docs/decisions/0145).
 *
 * Each depot item carries `user_count`, the number of users whose `depot_id` names it. It is
 * changed only by the pieces of `depotReferenceChange`, which every user write that sets or
 * changes `depot_id` sends in the same transaction as the user item; the deletion is conditional
 * on `user_count = 0` (and on the version read). So a depot named by a user cannot be deleted, and
 * a user cannot be given a depot deleted meanwhile (the piece requires the depot to exist): no
 * read of the users, no index lag, no race. Editing a depot bumps `version`; a user taking it does
 * not (the address did not change), so an editor's form is not made stale by user writes.
 */
export type Depot = DepotRecord;

export interface StoredDepot extends DepotRecord {
  version: number;
  /** How many users name it; null on an item written before the counter existed (unknown). */
  user_count: number | null;
}

const toStored = (item: Record<string, unknown>): StoredDepot => ({
  ...depotRecord.parse({ ...item, civic_number: String(item.civic_number ?? ''), lat: Number(item.lat), lng: Number(item.lng) }),
  version: Number(item.version ?? 1),
  user_count: typeof item.user_count === 'number' ? item.user_count : null,
});

/** The item of a depot; an unknown counter stays absent (depotReferenceChange then counts from its guess). */
const itemOf = (depot: DepotRecord, version: number, user_count: number | null, at: string) => ({
  ...keys.depot(depot.id),
  ...keys.depotIndex(depot.id),
  ...depotRecord.parse(depot),
  version,
  ...(user_count === null ? {} : { user_count }),
  updated_at: at,
});

/** The condition that the counter is still the one read (absent when unknown). */
const sameCount = (user_count: number | null) =>
  user_count === null ? { condition: 'attribute_not_exists(user_count)', values: {} } : { condition: 'user_count = :n', values: { ':n': user_count } };

/** What the API answers of a depot: the record and its version (the counter stays inside). */
export const depotView = ({ user_count: _count, ...depot }: StoredDepot): DepotView => depot;

export async function getDepot(id: number): Promise<StoredDepot | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.depot(id), ConsistentRead: true }));
  return Item ? toStored(Item) : undefined;
}

export async function depotsById(ids: readonly number[]): Promise<Map<number, Depot>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.depot(id)));
  return new Map(items.map((item) => [Number(item.id), toStored(item)]));
}

/** Every depot, by id (`allDepots`: `DEPOTS`): the list screen, the user form, the zone map's markers. */
export async function listDepots(): Promise<StoredDepot[]> {
  const items = await queryAll(byIndex('allDepots', keys.allDepots));
  return items.map(toStored);
}

/** A depot with a given id (demo data); named by no user yet. */
export async function insertDepot(depot: Depot, now = new Date()): Promise<void> {
  await putNewItem({ TableName: tableName(), Item: itemOf(depot, 1, 0, now.toISOString()), ConditionExpression: 'attribute_not_exists(pk)' });
}

/** A new depot with the next id. */
export async function createDepot(fields: DepotFields, now = new Date()): Promise<StoredDepot> {
  const depot: Depot = { id: await nextId('depot'), ...fields };
  await insertDepot(depot, now);
  return { ...depot, version: 1, user_count: 0 };
}

/**
 * Replaces the address and position if the depot is still at the version read: 404 when it is
 * gone, 409 when it changed meanwhile. `user_count` is kept as stored (the condition holds only
 * if nothing else changed the item but user writes, whose counter the update leaves alone).
 */
/** Writes of a depot tried again when only its user counter moved meanwhile, before answering 409. */
const COUNTER_TRIES = 5;

export async function updateDepot(id: number, version: number, fields: DepotFields, now = new Date(), tries = COUNTER_TRIES): Promise<StoredDepot> {
  const depot = await getDepot(id);
  if (!depot) throw notFound(DEPOT_MESSAGES.notFound);
  if (depot.version !== version) throw conflict(DEPOT_MESSAGES.changedMeanwhile);
  const next = { ...depot, ...fields, id, version: version + 1 };
  // The counter read must still be the stored one: a user write in between is written again on the new count rather than overwritten.
  const counted = sameCount(depot.user_count);
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(next, next.version, depot.user_count, now.toISOString()),
        ConditionExpression: `version = :v AND ${counted.condition}`,
        ExpressionAttributeValues: { ':v': version, ...counted.values },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    if (tries <= 1) throw conflict(DEPOT_MESSAGES.changedMeanwhile);
    // Changed, deleted, or only its counter moved (a user took or left the depot meanwhile): read again.
    return updateDepot(id, version, fields, now, tries - 1);
  }
  return next;
}

/**
 * Deletes a depot no user names (`user_count = 0`), at the version read when one is given:
 * 404 when absent, 409 with the spec's message while named, 409 when it changed meanwhile.
 */
export async function deleteDepot(id: number, version?: number): Promise<void> {
  const depot = await getDepot(id);
  if (!depot) throw notFound(DEPOT_MESSAGES.notFound);
  // An unknown counter (an item older than it) is counted as named: not deletable.
  if (depot.user_count === null || depot.user_count > 0) throw conflict(DEPOT_MESSAGES.referenced, { user_count: depot.user_count ?? 1 });
  if (version !== undefined && depot.version !== version) throw conflict(DEPOT_MESSAGES.changedMeanwhile);
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.depot(id),
        ConditionExpression: 'version = :v AND user_count = :zero',
        ExpressionAttributeValues: { ':v': depot.version, ':zero': 0 },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    // A user took the depot, or someone edited or deleted it, between the read and the delete.
    return deleteDepot(id, version ?? depot.version);
  }
}

/**
 * The pieces a user write sends in its own transaction when `depot_id` goes from `from` to `to`
 * (null: none): the new depot's counter goes up, on the condition that the depot exists; the old
 * one's goes down. Nothing when the depot does not change. Put them after the user's own pieces
 * and read a cancellation with `depotReferenceFailure`.
 */
export function depotReferenceChange(from: number | null, to: number | null): TransactItem[] {
  if (from === to) return [];
  const change = (id: number, delta: 1 | -1): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.depot(id),
      // A depot item older than the counter starts from 0 when taken, from 1 when left.
      UpdateExpression: 'SET user_count = if_not_exists(user_count, :start) + :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':start': delta === 1 ? 0 : 1, ':delta': delta },
    },
  });
  return [...(to !== null ? [change(to, 1)] : []), ...(from !== null ? [change(from, -1)] : [])];
}

/** The message of a depot that does not exist, on the user form's field. */
export const DEPOT_MISSING = 'This depot does not exist (it may have been deleted meanwhile).';

/**
 * After a cancelled transaction whose pieces from index `start` came from
 * `depotReferenceChange` (`count` of them): the 400 on `depot_id` when one of them failed (the depot is gone),
 * undefined otherwise (another piece failed: the caller's own conflict).
 */
export function depotReferenceFailure(error: unknown, start: number, count = Infinity): HttpError | undefined {
  const codes = cancellationCodes(error);
  if (!codes?.slice(start, start + count).some((code) => code === 'ConditionalCheckFailed')) return undefined;
  return invalidInput({ depot_id: [DEPOT_MISSING] });
}
