import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../plumbing/aws.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { keys } from '../plumbing/keys.ts';
import { queryAll } from '../plumbing/query.ts';

/** Depots: a technician's start point when their home is not known (part 2 §3 "Depot"; docs/data-model.md). */
export interface Depot {
  id: number;
  civic_number: string;
  street: string;
  city: string;
  lat: number;
  lng: number;
}

export async function depotsById(ids: readonly number[]): Promise<Map<number, Depot>> {
  const items = await batchGet([...new Set(ids)].map((id) => keys.depot(id)));
  return new Map(items.map((item) => [Number(item.id), toDepot(item)]));
}

/** Every depot (gsi1 `DEPOTS`, by id): the zone map's depot markers. */
export async function listDepots(): Promise<Depot[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.allDepots } });
  return items.map(toDepot);
}

function toDepot(item: Record<string, unknown>): Depot {
  return { id: Number(item.id), civic_number: String(item.civic_number ?? ''), street: String(item.street ?? ''), city: String(item.city ?? ''), lat: Number(item.lat), lng: Number(item.lng) };
}

export async function insertDepot(depot: Depot): Promise<void> {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.depot(depot.id), ...keys.depotIndex(depot.id), ...depot, version: 1 }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}
