import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ACCESS, type AccessPattern } from '#shared/data/design.ts';
import { db, tableName } from './aws.ts';
import { invalidInput } from './errors.ts';
import { keys } from './keys.ts';

type Item = Record<string, unknown>;

/** Every item a Query answers, page after page, up to `max` items. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>, max = Infinity): Promise<Item[]> {
  const out: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        ...input,
        TableName: tableName(),
        ExclusiveStartKey: start,
        ...(Number.isFinite(max) ? { Limit: Math.min(input.Limit ?? 500, max - out.length) } : {}),
      }),
    );
    out.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey as Item | undefined;
  } while (start && out.length < max);
  return out;
}

/**
 * The start key of the page after one a Query answered, or none when nothing follows. DynamoDB
 * answers a LastEvaluatedKey whenever the Limit is reached, even when no item is left: a list of
 * exactly one page would offer a Next that opens an empty page. One read of at most one key
 * settles it, and only when the page came back full.
 */
export async function nextPageKey(input: QueryCommandInput, page: { Items?: unknown[]; LastEvaluatedKey?: Item }): Promise<Item | undefined> {
  const next = page.LastEvaluatedKey;
  if (!next) return undefined;
  const peek = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: next, Limit: 1 }));
  // A filtered-out item also reads none: then its LastEvaluatedKey says more may follow.
  return peek.Items?.length || peek.LastEvaluatedKey ? next : undefined;
}

/** How many items a Query matches, counted by DynamoDB page after page (no item sent back). */
export async function countAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey as Item | undefined;
  } while (start);
  return count;
}

/**
 * The key condition of an index access pattern (shared/data/design.ts ACCESS): its partition and,
 * optionally, a sort-key prefix or range. Spread into a Query's input.
 */
export function byIndex(
  pattern: AccessPattern,
  partition: string,
  sort?: { beginsWith: string } | { from: string; to: string },
): Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'> {
  const index = ACCESS[pattern];
  const range = !sort ? '' : 'beginsWith' in sort ? ` AND begins_with(${index.sortKey}, :sk)` : ` AND ${index.sortKey} BETWEEN :from AND :to`;
  const values = !sort ? {} : 'beginsWith' in sort ? { ':sk': sort.beginsWith } : { ':from': sort.from, ':to': sort.to };
  return { IndexName: index.name, KeyConditionExpression: `${index.partitionKey} = :pk${range}`, ExpressionAttributeValues: { ':pk': partition, ...values } };
}

/**
 * Page cursors (docs/decisions/0087-page-cursors.md): a LastEvaluatedKey, bound to the caller and
 * the query it pages through, HMAC-SHA256-signed with the server's cursor key. The client can
 * neither read a meaningful key into it nor forge one: a cursor that was not made by this server
 * for this user and this query answers 400 with a field error on `cursor`.
 */
export interface CursorScope {
  /** The caller's user id. */
  user: number;
  /** The operation and its filter parameters, e.g. `getDeliveryListings:all`. */
  query: string;
}

const MAC_BYTES = 32;
export const CURSOR_MESSAGE = 'This page cursor is not valid for this list; start again from the first page.';
const invalidCursor = () => invalidInput({ cursor: [CURSOR_MESSAGE] });

const mac = (secret: Buffer, payload: Buffer) => createHmac('sha256', secret).update(payload).digest();

/** The cursor of a start key (undefined when the list ended). */
export function signCursor(key: Item | undefined, scope: CursorScope, secret: Buffer): string | undefined {
  if (!key) return undefined;
  const payload = Buffer.from(JSON.stringify({ u: scope.user, q: scope.query, k: key }));
  return Buffer.concat([mac(secret, payload), payload]).toString('base64url');
}

const isKeyValue = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** The start key in a cursor this server signed for this scope; throws a 400 on anything else. */
export function openCursor(cursor: string | undefined, scope: CursorScope, secret: Buffer): Item | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const raw = Buffer.from(cursor, 'base64url');
  if (raw.length <= MAC_BYTES || raw.toString('base64url') !== cursor) throw invalidCursor();
  const payload = raw.subarray(MAC_BYTES);
  if (!timingSafeEqual(raw.subarray(0, MAC_BYTES), mac(secret, payload))) throw invalidCursor();
  let body: { u?: unknown; q?: unknown; k?: unknown };
  try {
    body = JSON.parse(payload.toString('utf8')) as typeof body;
  } catch {
    throw invalidCursor();
  }
  const key = body.k;
  if (body.u !== scope.user || body.q !== scope.query) throw invalidCursor();
  if (!key || typeof key !== 'object' || Array.isArray(key) || !Object.values(key).every(isKeyValue)) throw invalidCursor();
  return key as Item;
}

/** The settings item holding the cursor key. */
export const CURSOR_SETTING = 'cursor-signing-key';

let cursorKey: Promise<Buffer> | undefined;

/** The server's cursor key: a random 256-bit value made on first use and kept in the table. */
export function cursorSecret(): Promise<Buffer> {
  cursorKey ??= readOrCreateSecret().catch((error: unknown) => {
    cursorKey = undefined;
    throw error;
  });
  return cursorKey;
}

async function readOrCreateSecret(): Promise<Buffer> {
  const Key = keys.settings(CURSOR_SETTING);
  const read = async () => (await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item?.secret as string | undefined;
  const found = await read();
  if (found) return Buffer.from(found, 'base64');
  const secret = randomBytes(32).toString('base64');
  try {
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...Key, secret }, ConditionExpression: 'attribute_not_exists(pk)' }));
    return Buffer.from(secret, 'base64');
  } catch (error) {
    // Another container made it first: use theirs.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return Buffer.from((await read())!, 'base64');
  }
}

/** The cursor a handler answers for the next page. */
export const encodeCursor = async (key: Item | undefined, scope: CursorScope): Promise<string | undefined> =>
  key ? signCursor(key, scope, await cursorSecret()) : undefined;

/** The start key of the cursor a client sent back (400 when it is not this server's for this scope). */
export const decodeCursor = async (cursor: string | undefined, scope: CursorScope): Promise<Item | undefined> =>
  cursor ? openCursor(cursor, scope, await cursorSecret()) : undefined;
