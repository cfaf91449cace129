import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localDateOf } from '#shared/rules/business-time.ts';
import { REQUEST_LOG_RETENTION_DAYS } from '#shared/rules/session.ts';
import { db, tableName } from './aws.ts';
import { keys } from './keys.ts';

/**
 * One record per API call, read later by the request-log viewer (/superlog). Kept 90 days by TTL.
 * Secrets never reach it: password-, token- and secret-like values in the body, query, path
 * parameters, the raw path and the handler's log lines are redacted.
 */
export interface RequestLogRecord {
  requestId: string;
  path: string;
  route: string;
  method: string;
  status: number;
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
  date: Date;
  durationMs: number;
  user: { id: number; email: string } | undefined;
  ip: string;
  logs: unknown[][];
}

const SECRET_KEY = /pass(word)?|token|secret|authorization|confirmation|credential/i;
const REDACTED = '[redacted]';

/**
 * Bounds on what a record keeps of a request, so that any request, hostile ones included, is
 * logged: DynamoDB refuses items over 400 KB, nesting over 32 levels, empty, `__proto__` or
 * `constructor` attribute names and numbers beyond ±1e125 or below 1e-130; the document client
 * refuses numbers beyond ±(2^53 - 1) (kept as strings here).
 */
export const LOG_LIMITS = { depth: 8, entries: 100, stringLength: 2_000, numberMagnitude: Number.MAX_SAFE_INTEGER } as const;
const TRUNCATED = '…';

/**
 * A map key DynamoDB stores as it is: an empty name and `__proto__` are refused or mangled, and the
 * document client's marshaller takes an object with its own `constructor` key for a class instance
 * (it refuses the whole item, or reads `{"constructor": {"name": "Set"}}` as a Set).
 */
const UNSTORABLE_KEYS = new Set(['', '__proto__', 'constructor']);
const storableKey = (key: string) => (UNSTORABLE_KEYS.has(key) ? `(${key})` : key);

const storableNumber = (n: number) => (Math.abs(n) <= LOG_LIMITS.numberMagnitude && (n === 0 || Math.abs(n) > 1e-125) ? n : String(n));

/**
 * Replaces the values of password-, token- and secret-like keys at any depth, and bounds the rest
 * (LOG_LIMITS): long strings are cut, long lists and maps keep their first entries, deeper levels
 * become a marker.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > LOG_LIMITS.stringLength ? value.slice(0, LOG_LIMITS.stringLength) + TRUNCATED : value;
  if (typeof value === 'number') return storableNumber(value);
  if (!value || typeof value !== 'object') return value;
  if (depth >= LOG_LIMITS.depth) return TRUNCATED;
  if (Array.isArray(value)) return value.slice(0, LOG_LIMITS.entries).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, LOG_LIMITS.entries)
      .map(([k, v]) => [storableKey(k), SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1)]),
  );
}

/**
 * The raw path with the segments of secret-like path parameters (the public delivery token of
 * `/api/delivery/{token}`) replaced, found by the route's template (`POST /api/delivery/{token}/feedback`);
 * when the path does not line up with the template, each secret value is replaced wherever it occurs.
 */
export function redactPath(path: string, route: string, params: Record<string, string | undefined>): string {
  const template = route.slice(route.indexOf(' ') + 1).split('/');
  const segments = path.split('/');
  const secret = (name: string | undefined) => name !== undefined && /^\{.+\}$/.test(name) && SECRET_KEY.test(name.slice(1, -1));
  if (template.length === segments.length && template.some(secret)) {
    return segments.map((segment, i) => (secret(template[i]) ? REDACTED : segment)).join('/');
  }
  let redacted = path;
  for (const [name, value] of Object.entries(params)) {
    if (!value || !SECRET_KEY.test(name)) continue;
    for (const form of new Set([value, encodeURIComponent(value)])) redacted = redacted.split(form).join(REDACTED);
  }
  return redacted;
}

/** The counter attribute of a status in the day's counters item (`status_500`). */
export const statusCounter = (status: number) => `status_${status}`;

/** Users already counted for a day by this container: their marker write is skipped (ADR 0230). */
const countedUsers = new Set<string>();

/**
 * Writes the record (one PutItem: the hour partition, the user index and the hour+status index
 * come with it) and, beside it, the day's counters (one UpdateItem with atomic ADDs) that the
 * analytics charts read; a user's first request of the day also puts a marker that counts them
 * once. Both run together: the request waits for the slower one, not for both in a row.
 */
export async function writeRequestLog(record: RequestLogRecord): Promise<void> {
  const ttl = Math.ceil(record.date.getTime() / 1000) + REQUEST_LOG_RETENTION_DAYS * 86_400;
  const item = {
    ...keys.requestLog(record.date, record.requestId),
    ...(record.user ? keys.requestLogByUser(record.user.id, record.date) : {}),
    ...keys.requestLogByStatus(record.date, record.status, record.requestId),
    path: redactPath(record.path, record.route, record.params),
    route: record.route,
    method: record.method,
    response_status: record.status,
    params: redact(record.params),
    query: redact(record.query),
    body: redact(record.body),
    req_date: record.date.toISOString(),
    request_time: record.durationMs,
    user: record.user,
    ip: record.ip,
    logs: redact(record.logs),
    ttl,
  };
  const day = localDateOf(record.date.getTime());
  // Thunks: a write that cannot even be built (no table configured) is a failed write like the others.
  const writes: Array<() => Promise<unknown>> = [
    () => db.send(new PutCommand({ TableName: tableName(), Item: item })),
    () => db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.requestStats(day),
        UpdateExpression: 'ADD requests :one, #status :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#status': statusCounter(record.status), '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': ttl },
      }),
    ),
    ...(record.user ? [() => countUser(day, record.user!.id, ttl)] : []),
  ];
  const results = await Promise.allSettled(writes.map(async (write) => write()));
  for (const result of results) {
    // A failed log write must never turn a served request into an error.
    if (result.status === 'rejected') console.error('request log write failed', result.reason);
  }
}

/** Counts a user once per day: a marker put only if absent, then one ADD to the day's `users`. */
async function countUser(day: string, userId: number, ttl: number): Promise<void> {
  const memo = `${day}#${userId}`;
  if (countedUsers.has(memo)) return;
  try {
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.requestStatsUser(day, userId), ttl }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    countedUsers.add(memo);
    return;
  }
  countedUsers.add(memo);
  if (countedUsers.size > 10_000) countedUsers.clear();
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.requestStats(day),
      UpdateExpression: 'ADD #users :one',
      ExpressionAttributeNames: { '#users': 'users' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}
