import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS, TABLE } from '#shared/data/design.ts';
import type { RequestLogEntry } from '#shared/catalogue/logs.ts';
import { daysOf, matchesLogSearch, TEXT_FIELDS, type FilterableLog, type LogSearch } from '#shared/logs/search.ts';
import { dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import { db, tableName } from '../plumbing/aws.ts';
import { batchGet } from '../plumbing/batch-get.ts';
import { batchWriteAll } from '../plumbing/batch-write.ts';
import { keys } from '../plumbing/keys.ts';
import { inPool } from '../plumbing/pool.ts';
import { byIndex } from '../plumbing/query.ts';
import { requestLogItem, type RequestLogItem, type RequestLogRecord } from '../plumbing/request-log.ts';
import { transactThroughConflicts, type TransactItem } from '../plumbing/transact.ts';

/**
 * The request log's items (ADR 0230), read and written here only. The handler wrapper ships one
 * record per call (plumbing/request-log.ts); the ingest (or the local batcher) stores them in
 * batches with storeRequestLogItems (ADR 0485). They are partitioned by UTC hour; a search
 * reads, newest (or oldest) first, only the partitions of its days and only the records its most
 * selective key names: a user's index partition (uid), the hour+status index partitions (status),
 * or the hour partitions. The other filters are applied to what was read, within a read budget; a search
 * stops at a page of matches or at its budget and says where to continue.
 */

type Item = Record<string, unknown>;

/** The counter attribute of a status in the day's counters item (`status_500`), and its pattern. */
const STATUS_COUNTER = /^status_(\d{3})$/;
const statusCounter = (status: number) => `status_${status}`;

/** Where a search continues: the index of the partition in its list, and the key to start after. */
export interface LogPosition {
  partition: number;
  after?: Item;
  /** Matches still to skip from there: an offset the read budget stopped before it was passed. */
  skip?: number;
}

export interface LogSearchPage {
  logs: RequestLogEntry[];
  /** Undefined when every partition was read to its end. */
  next?: LogPosition;
}

interface Source {
  partitions: string[];
  index?: { name: string; partitionKey: string; sortKey: string };
}

const HOUR_MS = 3_600_000;
/** Index Queries one answer may make (a wide range with few matches continues through the cursor). */
const QUERY_BUDGET = 300;

/** The UTC hours (`2026-11-22T14`) that cover a range of Quebec days, up to now, in reading order. */
export function hoursOf(from: string, to: string, direction: 'asc' | 'desc', now = Date.now()): string[] {
  const start = dayStartMs(from);
  const end = Math.min(dayStartMs(nextDay(to)), now + HOUR_MS);
  const hours: string[] = [];
  for (let h = Math.floor(start / HOUR_MS) * HOUR_MS; h < end; h += HOUR_MS) hours.push(new Date(h).toISOString().slice(0, 13));
  return direction === 'desc' ? hours.reverse() : hours;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The instants bounding a range of Quebec days, as sort-key bounds (`…Z` then `#<id>`). */
function sortBounds(search: LogSearch): { from: string; to: string } {
  return { from: new Date(dayStartMs(search.from)).toISOString(), to: new Date(dayStartMs(nextDay(search.to)) - 1).toISOString() + '~' };
}

function sourceOf(search: LogSearch, direction: 'asc' | 'desc', now: number): Source {
  if (search.uid !== undefined) return { partitions: [keys.requestLogsOfUser(search.uid)], index: ACCESS.requestLogsByUser };
  const hours = hoursOf(search.from, search.to, direction, now);
  if (search.status !== undefined) {
    const status = search.status;
    return { partitions: hours.map((hour) => keys.requestLogsOfHourStatus(hour, status)), index: ACCESS.requestLogsByHourStatus };
  }
  return { partitions: hours.map((hour) => keys.requestLogsOfHour(hour)) };
}

/** Whether the records read from the source all match (no filter left to apply in code). */
function readIsExact(search: LogSearch): boolean {
  return search.uid === undefined && !search.method && !search.time && TEXT_FIELDS.every((f) => search.text[f].length === 0);
}

function keyOf(item: Item, source: Source): Item {
  const key: Item = { [TABLE.partitionKey]: item[TABLE.partitionKey], [TABLE.sortKey]: item[TABLE.sortKey] };
  if (source.index) {
    key[source.index.partitionKey] = item[source.index.partitionKey];
    key[source.index.sortKey] = item[source.index.sortKey];
  }
  return key;
}

export function toEntry(item: Item): RequestLogEntry {
  const sk = String(item.sk);
  const user = (item.user as RequestLogEntry['user'] | undefined) ?? null;
  return {
    id: sk.slice(sk.indexOf('#') + 1),
    path: String(item.path ?? ''),
    method: String(item.method ?? ''),
    response_status: Number(item.response_status ?? 0),
    params: item.params ?? {},
    query: item.query ?? {},
    body: item.body ?? null,
    req_date: String(item.req_date ?? ''),
    request_time: Number(item.request_time ?? 0),
    user,
    user_id: user?.id ?? null,
    ip: String(item.ip ?? ''),
    logs: Array.isArray(item.logs) ? (item.logs as unknown[]).map((line) => (Array.isArray(line) ? line : [line])) : [],
  };
}

/**
 * One page of a search: `pageSize` matching records after skipping `skip` matches (or the skip
 * `start` still carries), from `start`.
 * Reads at most `budget` records and QUERY_BUDGET Queries. `now` bounds the hours read: a search
 * continued from a position must pass the `now` of its first page, since the position is an index
 * in that list of hours (a new hour shifts a newest-first list by one).
 */
export async function searchRequestLogs(
  search: LogSearch,
  opts: { direction: 'asc' | 'desc'; pageSize: number; skip: number; start?: LogPosition; budget: number; now: number },
): Promise<LogSearchPage> {
  const source = sourceOf(search, opts.direction, opts.now);
  const bounds = sortBounds(search);
  const exact = readIsExact(search);
  const logs: RequestLogEntry[] = [];
  let toSkip = opts.start?.skip ?? opts.skip;
  let read = 0;
  let queries = 0;
  let partition = opts.start?.partition ?? 0;
  let after = opts.start?.after;

  while (partition < source.partitions.length) {
    if (read >= opts.budget || queries >= QUERY_BUDGET) return { logs, next: { partition, after, ...(toSkip > 0 ? { skip: toSkip } : {}) } };
    const wanted = toSkip + opts.pageSize - logs.length;
    const limit = exact ? Math.min(wanted, 500) : Math.min(opts.budget - read, 500);
    const pk = source.partitions[partition]!;
    const condition = source.index
      ? byIndex(search.uid !== undefined ? 'requestLogsByUser' : 'requestLogsByHourStatus', pk, bounds)
      : { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ':from': bounds.from, ':to': bounds.to } };
    const page = await db.send(
      new QueryCommand({ TableName: tableName(), ...condition, ScanIndexForward: opts.direction === 'asc', Limit: limit, ExclusiveStartKey: after }),
    );
    queries++;
    const items = (page.Items ?? []) as Item[];
    for (const [i, item] of items.entries()) {
      read++;
      if (!exact && !matchesLogSearch(item as unknown as FilterableLog, search)) continue;
      if (toSkip > 0) {
        toSkip--;
        continue;
      }
      logs.push(toEntry(item));
      if (logs.length === opts.pageSize) {
        const last = i === items.length - 1 && !page.LastEvaluatedKey;
        return { logs, next: last ? nextPartition(partition, source) : { partition, after: keyOf(item, source) } };
      }
    }
    if (page.LastEvaluatedKey) after = page.LastEvaluatedKey as Item;
    else {
      partition++;
      after = undefined;
    }
  }
  return { logs };
}

const nextPartition = (partition: number, source: Source): LogPosition | undefined =>
  partition + 1 < source.partitions.length ? { partition: partition + 1 } : undefined;

export interface DayCounters {
  day: string;
  requests: number;
  users: number;
  statuses: Record<number, number>;
}

/** The counters of each day of a range (zeros for a day without requests), one BatchGet per 100 days. */
export async function dayCounters(from: string, to: string): Promise<DayCounters[]> {
  const days = daysOf(from, to);
  const items = await batchGet(days.map((day) => keys.requestStats(day)));
  const byDay = new Map(items.map((item) => [String(item.pk).slice(keys.requestStats('').pk.length), item]));
  return days.map((day) => {
    const item = byDay.get(day) ?? {};
    const statuses: Record<number, number> = {};
    for (const [name, value] of Object.entries(item)) {
      const m = STATUS_COUNTER.exec(name);
      if (m) statuses[Number(m[1])] = Number(value);
    }
    return { day, requests: Number(item.requests ?? 0), users: Number(item.users ?? 0), statuses };
  });
}

/** The number of records a search matches, when the counters know it (a range, optionally a status). */
export async function countFromCounters(search: LogSearch): Promise<number | null> {
  if (!readIsExact(search)) return null;
  const counters = await dayCounters(search.from, search.to);
  const status = search.status;
  return counters.reduce((sum, c) => sum + (status === undefined ? c.requests : (c.statuses[status] ?? 0)), 0);
}


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
 * day one transaction that ADDs the batch's requests and statuses to the day's counters, and one
 * that puts a marker for each user not yet counted that day, only if absent, and ADDs the new ones
 * to `users`. A batch that fails is stored again whole (the ingest's retry, the local batcher's):
 * the items are put again, which is harmless, and with a `batchId` the counters' ADD goes with the
 * batch's marker for the day, put only if absent, so a batch is counted once. A user's marker and
 * its count commit together, so a failure between them cannot leave a user counted as seen but
 * not in `users`.
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
    await countNewUsers(day, [...counts.users], counts.ttl);
  });
}

/** Stores one record at once, counted without a batch marker (the direct path: tests and tools that write a record themselves). */
export function writeRequestLog(record: RequestLogRecord): Promise<void> {
  return storeRequestLogItems([requestLogItem(record)]);
}

async function addToDay(day: string, counts: DayCounts, batchId: string | undefined): Promise<void> {
  const statuses = [...counts.statuses];
  const add: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.requestStats(day),
      UpdateExpression: `ADD requests :requests, ${statuses.map((_, i) => `#s${i} :s${i}`).join(', ')} SET #ttl = if_not_exists(#ttl, :ttl)`,
      ExpressionAttributeNames: { '#ttl': 'ttl', ...Object.fromEntries(statuses.map(([status], i) => [`#s${i}`, statusCounter(status)])) },
      ExpressionAttributeValues: { ':requests': counts.requests, ':ttl': counts.ttl, ...Object.fromEntries(statuses.map(([, n], i) => [`:s${i}`, n])) },
    },
  };
  if (batchId === undefined) return void (await transactThroughConflicts([add]));
  const codes = await transactThroughConflicts([{ Put: { TableName: tableName(), Item: { ...keys.requestStatsBatch(day, batchId), ttl: counts.ttl }, ConditionExpression: 'attribute_not_exists(pk)' } }, add]);
  // codes: the marker is there, so this batch was counted for this day before it failed further on.
  if (codes && codes[0] !== 'ConditionalCheckFailed') throw new Error(`request log counters: unexpected cancellation ${codes.join(', ')}`);
}

/** A transaction holds at most 100 items: 99 users' markers and the day's counter. */
const USERS_PER_TRANSACTION = 99;

/**
 * Counts the users not yet counted for the day: their markers, put only if absent, and the ADD of
 * their number to `users`, in one transaction. A user whose marker is already there (counted by
 * an earlier batch or another process) cancels it; the others are sent again without them.
 */
async function countNewUsers(day: string, userIds: number[], ttl: number): Promise<void> {
  const fresh = userIds.filter((id) => !countedUsers.has(`${day}#${id}`));
  for (let i = 0; i < fresh.length; i += USERS_PER_TRANSACTION) {
    let left = fresh.slice(i, i + USERS_PER_TRANSACTION);
    while (left.length > 0) {
      const markers: TransactItem[] = left.map((id) => ({ Put: { TableName: tableName(), Item: { ...keys.requestStatsUser(day, id), ttl }, ConditionExpression: 'attribute_not_exists(pk)' } }));
      const count: TransactItem = { Update: { TableName: tableName(), Key: keys.requestStats(day), UpdateExpression: 'ADD #users :count', ExpressionAttributeNames: { '#users': 'users' }, ExpressionAttributeValues: { ':count': left.length } } };
      const codes = await transactThroughConflicts([...markers, count]);
      if (!codes) break;
      const counted = left.filter((_, k) => codes[k] === 'ConditionalCheckFailed');
      if (counted.length === 0) throw new Error(`request log counters: unexpected cancellation ${codes.join(', ')}`);
      left = left.filter((_, k) => codes[k] !== 'ConditionalCheckFailed');
    }
    if (countedUsers.size >= 10_000) countedUsers.clear();
    for (const id of fresh.slice(i, i + USERS_PER_TRANSACTION)) countedUsers.add(`${day}#${id}`);
  }
}
