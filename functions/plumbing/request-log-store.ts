import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localDateOf } from '#shared/rules/business-time.ts';
import { db, tableName } from './aws.ts';
import { batchWriteAll } from './batch-write.ts';
import { inPool } from './pool.ts';
import { keys } from './keys.ts';
import { cancellationCodes, transact } from './transact.ts';
import { requestLogItem, type RequestLogItem, type RequestLogRecord } from './request-log.ts';

/** The counter attribute of a status in the day's counters item (`status_500`). */
export const statusCounter = (status: number) => `status_${status}`;

/** Users already counted for a day by this process: their marker write is skipped (ADR 0230). */
const countedUsers = new Set<string>();

interface DayCounts {
  requests: number;
  statuses: Map<number, number>;
  users: Set<number>;
  ttl: number;
}

/**
 * Stores a batch of request-log items (ADR 0485): the items 25 per BatchWriteItem, then per Quebec
 * day one UpdateItem that ADDs the batch's requests and statuses to the day's counters, and for
 * each user not yet counted that day a marker put only if absent, the new ones ADDed to `users`.
 * A batch that fails is stored again whole (the ingest's retry, the local batcher's): the items
 * are put again, which is harmless, and with a `batchId` the counters' ADD goes in one transaction
 * with the batch's marker for the day, put only if absent, so a batch is counted once.
 */
export async function storeRequestLogItems(items: readonly RequestLogItem[], batchId?: string): Promise<void> {
  const unique = [...new Map(items.map((item) => [`${item.pk}\u0000${item.sk}`, item])).values()];
  if (unique.length === 0) return;
  await batchWriteAll(unique.map((Item) => ({ PutRequest: { Item } })), { writers: 4 });
  const days = new Map<string, DayCounts>();
  for (const item of unique) {
    const day = localDateOf(Date.parse(item.req_date));
    const counts = days.get(day) ?? { requests: 0, statuses: new Map(), users: new Set(), ttl: item.ttl };
    counts.requests += 1;
    counts.statuses.set(item.response_status, (counts.statuses.get(item.response_status) ?? 0) + 1);
    if (item.user) counts.users.add(item.user.id);
    counts.ttl = Math.max(counts.ttl, item.ttl);
    days.set(day, counts);
  }
  await inPool([...days], 4, async ([day, counts]) => {
    await addToDay(day, counts, batchId);
    let added = 0;
    await inPool([...counts.users], 8, async (userId) => {
      if (await markUser(day, userId, counts.ttl)) added += 1;
    });
    if (added > 0) await addUsers(day, added);
  });
}

/** Stores one record at once, counted without a batch marker (the direct path: tests and tools that write a record themselves). */
export function writeRequestLog(record: RequestLogRecord): Promise<void> {
  return storeRequestLogItems([requestLogItem(record)]);
}

async function addToDay(day: string, counts: DayCounts, batchId: string | undefined): Promise<void> {
  const statuses = [...counts.statuses];
  const add = {
    TableName: tableName(),
    Key: keys.requestStats(day),
    UpdateExpression: `ADD requests :requests, ${statuses.map((_, i) => `#s${i} :s${i}`).join(', ')} SET #ttl = if_not_exists(#ttl, :ttl)`,
    ExpressionAttributeNames: { '#ttl': 'ttl', ...Object.fromEntries(statuses.map(([status], i) => [`#s${i}`, statusCounter(status)])) },
    ExpressionAttributeValues: { ':requests': counts.requests, ':ttl': counts.ttl, ...Object.fromEntries(statuses.map(([, n], i) => [`:s${i}`, n])) },
  };
  if (batchId === undefined) return void (await db.send(new UpdateCommand(add)));
  try {
    await transact([
      { Put: { TableName: tableName(), Item: { ...keys.requestStatsBatch(day, batchId), ttl: counts.ttl }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: add },
    ]);
  } catch (error) {
    // The marker is there: this batch was counted for this day before it failed further on.
    if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') throw error;
  }
}

/** Puts the user's marker for the day if absent: true when this call counted them. */
async function markUser(day: string, userId: number, ttl: number): Promise<boolean> {
  const memo = `${day}#${userId}`;
  if (countedUsers.has(memo)) return false;
  let added = true;
  try {
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.requestStatsUser(day, userId), ttl }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    added = false;
  }
  if (countedUsers.size >= 10_000) countedUsers.clear();
  countedUsers.add(memo);
  return added;
}

function addUsers(day: string, count: number): Promise<unknown> {
  return db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.requestStats(day),
      UpdateExpression: 'ADD #users :count',
      ExpressionAttributeNames: { '#users': 'users' },
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}
