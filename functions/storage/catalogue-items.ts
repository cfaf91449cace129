import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CATALOGUE_MESSAGES } from '#shared/entities/catalogue-fields.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { byIndex, queryAll } from '../plumbing/query.ts';
import { cancellationCodes, unheldSince, type TransactItem } from '../plumbing/transact.ts';
import { nextId } from '../plumbing/ids.ts';

/**
 * The writes both catalogue entities share (service offers, shooting packages): an item with a
 * unique key_name, held by a guard item written in the same transaction (docs/decisions/0133).
 * Only storage/service-offers.ts and storage/shooting-packages.ts call this module.
 */
type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/** More items of the same transaction (e.g. the included offers' checks) and the error when one fails. */
export interface ExtraWrites {
  items: TransactItem[];
  onFail: () => Error;
}

export interface CatalogueKind<R extends { id: number; key_name: string; version: number }> {
  /** Counter name of the ids; new ids start above `idFloor` (the seeded ids stay below it). */
  counter: string;
  idFloor: number;
  item: (id: number) => Key;
  index: (id: number) => Record<string, string>;
  /** The access pattern listing every item of the kind, and its partition. */
  pattern: 'allServiceOffers' | 'allShootingPackages';
  partition: string;
  keyGuard: (keyName: string) => Key;
  parse: (item: Item) => R;
  notFoundMessage: string;
}

export async function getCatalogueItem<R extends { id: number; key_name: string; version: number }>(kind: CatalogueKind<R>, id: number): Promise<R | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: kind.item(id), ConsistentRead: true }));
  return Item ? kind.parse(Item) : undefined;
}

export async function mustGetCatalogueItem<R extends { id: number; key_name: string; version: number }>(kind: CatalogueKind<R>, id: number): Promise<R> {
  const found = await getCatalogueItem(kind, id);
  if (!found) throw notFound(kind.notFoundMessage);
  return found;
}

/** Every item of the kind (one index partition per kind; a catalogue holds tens to hundreds). */
export async function listCatalogueItems<R extends { id: number; key_name: string; version: number }>(kind: CatalogueKind<R>): Promise<R[]> {
  const items = await queryAll(byIndex(kind.pattern, kind.partition));
  return items.map(kind.parse);
}

/** `holder_stamp` is written by the holders' writes only (service-offers.ts `holdOffers`), never with the item. */
function withoutHolderStamp(record: object): Item {
  const { holder_stamp: _stamp, ...rest } = record as Item;
  return rest;
}

const changedMeanwhile = () => conflict(CATALOGUE_MESSAGES.changedMeanwhile);
const keyTaken = () => conflict(CATALOGUE_MESSAGES.keyTaken, { fields: { key_name: [CATALOGUE_MESSAGES.keyTaken] } });

function guardPut(kind: CatalogueKind<never>, keyName: string, id: number) {
  return { Put: { TableName: tableName(), Item: { ...kind.keyGuard(keyName), id, key_name: keyName }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** Which items of a cancelled transaction failed their condition: their indexes in TransactItems. */
function failedIndexes(error: unknown): number[] {
  return (cancellationCodes(error) ?? []).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
}

/** Inserts a new item with a fresh id; 409 when key_name is taken. `id` forces an id (seeding). */
export async function insertCatalogueItem<R extends { id: number; key_name: string; version: number }>(
  kind: CatalogueKind<R>,
  fields: Item & { key_name: string },
  options: { id?: number; now?: Date; extra?: ExtraWrites } = {},
): Promise<R> {
  const id = options.id ?? (await nextId(kind.counter, kind.idFloor));
  const now = (options.now ?? new Date()).toISOString();
  const record = kind.parse({ ...fields, id, created_at: now, updated_at: now, version: 1 });
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          guardPut(kind as CatalogueKind<never>, record.key_name, id),
          { Put: { TableName: tableName(), Item: { ...kind.item(id), ...kind.index(id), ...withoutHolderStamp(record) }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...(options.extra?.items ?? []),
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const failed = failedIndexes(error);
    if (failed.includes(0)) throw keyTaken();
    if (options.extra && failed.some((i) => i >= 2)) throw options.extra.onFail();
    throw error;
  }
  return record;
}

/**
 * Replaces an item's fields if its version is still `version` (409 otherwise). A changed key_name
 * moves its guard in the same transaction (409 when the new one is taken). `check` sees the item as
 * read before anything is written, and refuses by throwing.
 */
export async function replaceCatalogueItem<R extends { id: number; key_name: string; version: number }>(
  kind: CatalogueKind<R>,
  id: number,
  version: number,
  fields: Item & { key_name: string },
  options: { now?: Date; extra?: ExtraWrites; check?: (current: R) => void } = {},
): Promise<R> {
  const now = options.now ?? new Date();
  const current = await mustGetCatalogueItem(kind, id);
  options.check?.(current);
  const record = kind.parse({ ...fields, id, created_at: (current as unknown as { created_at: string }).created_at, updated_at: now.toISOString(), version: version + 1 });
  const keyMoves = kind.keyGuard(current.key_name).pk !== kind.keyGuard(record.key_name).pk;
  // An Update, not a Put: attributes other writers keep on the item (holder_stamp) stay as they are.
  const fieldsToSet = Object.entries(withoutHolderStamp(record)).filter(([name]) => name !== 'id');
  const put = {
    Update: {
      TableName: tableName(),
      Key: kind.item(id),
      UpdateExpression: `SET ${fieldsToSet.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND version = :v',
      ExpressionAttributeNames: Object.fromEntries(fieldsToSet.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: { ':v': version, ...Object.fromEntries(fieldsToSet.map(([, value], i) => [`:f${i}`, value])) },
    },
  };
  const guardMoves = keyMoves
    ? [
        guardPut(kind as CatalogueKind<never>, record.key_name, id),
        { Delete: { TableName: tableName(), Key: kind.keyGuard(current.key_name), ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id } } },
      ]
    : [];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [put, ...guardMoves, ...(options.extra?.items ?? [])] }));
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const failed = failedIndexes(error);
    if (failed.includes(0)) throw changedMeanwhile();
    if (keyMoves && failed.includes(1)) throw keyTaken();
    if (options.extra && failed.some((i) => i >= 1 + guardMoves.length)) throw options.extra.onFail();
    throw error;
  }
  return record;
}

/**
 * Deletes an item and its key guard, only while it is still at the version read (`version`, or the
 * item's own) and, when `holderStamp` is given, while no holder was written since (ADR 0133).
 */
export async function deleteCatalogueItem<R extends { id: number; key_name: string; version: number }>(
  kind: CatalogueKind<R>,
  item: R,
  options: { version?: number; holderStamp?: string | null } = {},
): Promise<void> {
  const held = options.holderStamp === undefined ? undefined : unheldSince(options.holderStamp);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: kind.item(item.id),
              ConditionExpression: held ? `version = :v AND ${held.condition}` : 'version = :v',
              ExpressionAttributeValues: { ':v': options.version ?? item.version, ...held?.values },
            },
          },
          { Delete: { TableName: tableName(), Key: kind.keyGuard(item.key_name), ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': item.id } } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw changedMeanwhile();
    throw error;
  }
}
