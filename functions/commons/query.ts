import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './aws.ts';

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

/** Opaque page cursors for lists the web pages through (a LastEvaluatedKey, base64url JSON). */
export const encodeCursor = (key: Item | undefined): string | undefined => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);
export const decodeCursor = (cursor: string | undefined): Item | undefined =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Item) : undefined;
