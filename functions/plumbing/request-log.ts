import * as z from '#shared/zod.ts';
import { REQUEST_LOG_RETENTION_DAYS } from '#shared/rules/session.ts';
import { keys } from './keys.ts';
import { schema } from '#shared/schema.ts';

/**
 * One record per API call, read later by the request-log viewer (/superlog). Kept 90 days by TTL.
 * Secrets never reach it: password-, token- and secret-like values in the body, query, path
 * parameters, the raw path and the handler's log lines are redacted.
 *
 * The handler does not store it: it ships the record's item off the request path (ADR 0485). In
 * AWS the item is one line on the function's standard output, which a CloudWatch Logs subscription
 * hands in batches to the ingest Lambda (functions/logs/ingest-request-logs.ts); locally a batcher
 * in the API's process takes it (scripts/local/request-log-batcher.ts). Both store batches with
 * storage/request-logs.ts.
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
  // JSON has no BigInt: the record's line could not be written at all.
  if (typeof value === 'bigint') return value.toString();
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

/** The stored form of a record: its keys, the redacted request and its TTL (ADR 0230). */
export type RequestLogItem = Record<string, unknown> & { pk: string; sk: string; req_date: string; response_status: number; ttl: number; user?: { id: number; email: string } };

/**
 * Largest item shipped, in bytes of JSON. Lambda's log capture may cut a line of standard output
 * at 64 KiB into two log events, and the JSON of both halves is lost; CloudWatch Logs' own limit is
 * 256 KB per event and DynamoDB's 400 KB per item. A bigger record keeps its request line, status,
 * user and timing, and loses its body, query, parameters and log lines.
 */
export const MAX_REQUEST_LOG_ITEM_BYTES = 60_000;

export const requestLogItem = (record: RequestLogRecord): RequestLogItem => boundedItem(record).item;

/** The record's item and its JSON, serialized once: the size check and the shipped line share it. */
function boundedItem(record: RequestLogRecord): { item: RequestLogItem; json: string } {
  const ttl = Math.ceil(record.date.getTime() / 1000) + REQUEST_LOG_RETENTION_DAYS * 86_400;
  const item: RequestLogItem = {
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
  const json = JSON.stringify(item);
  if (Buffer.byteLength(json) <= MAX_REQUEST_LOG_ITEM_BYTES) return { item, json };
  const cut = { ...item, path: redact(item.path), params: TRUNCATED, query: TRUNCATED, body: TRUNCATED, logs: [['request log', `record over ${MAX_REQUEST_LOG_ITEM_BYTES} bytes: body, query, parameters and log lines left out`]] };
  return { item: cut, json: JSON.stringify(cut) };
}

/** Starts a request-log line on standard output; the subscription filter matches this word. */
export const REQUEST_LOG_LINE_MARKER = 'IMMOREQUESTLOG';

/** The line that carries an item: the marker, a space, the item's JSON (which holds no line break). */
const lineOf = (json: string) => `${REQUEST_LOG_LINE_MARKER} ${json}\n`;
export const requestLogLine = (item: RequestLogItem) => lineOf(JSON.stringify(item));

const shippedItem = /* @__PURE__ */ schema(() => z.strictObject({
  pk: z.string(),
  sk: z.string().max(200),
  gsi1pk: z.string().optional(),
  gsi1sk: z.string().optional(),
  gsi5pk: z.string(),
  gsi5sk: z.string(),
  path: z.string(),
  route: z.string().max(300),
  method: z.string().max(10),
  response_status: z.number().int().min(100).max(599),
  params: z.unknown(),
  query: z.unknown(),
  body: z.unknown().optional(),
  req_date: z.string(),
  request_time: z.number(),
  user: z.object({ id: z.number().int(), email: z.string().max(320) }).optional(),
  ip: z.string().max(100),
  logs: z.unknown(),
  ttl: z.number().int().positive(),
}));

/**
 * The item a request-log line carries, or undefined when the line is not one: the ingest stores
 * only an item whose attributes are a record's and whose keys are the ones its own date, request
 * id, status and user give, so no line can write anywhere else in the table.
 */
export function parseRequestLogLine(line: string): RequestLogItem | undefined {
  if (!line.startsWith(`${REQUEST_LOG_LINE_MARKER} `)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(line.slice(REQUEST_LOG_LINE_MARKER.length + 1));
  } catch {
    return undefined;
  }
  const parsed = shippedItem.safeParse(json);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  const date = new Date(item.req_date);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== item.req_date) return undefined;
  const requestId = item.sk.slice(item.req_date.length + 1);
  const expected = {
    ...keys.requestLog(date, requestId),
    ...(item.user ? keys.requestLogByUser(item.user.id, date) : {}),
    ...keys.requestLogByStatus(date, item.response_status, requestId),
  };
  const given = { pk: item.pk, sk: item.sk, gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk, gsi5pk: item.gsi5pk, gsi5sk: item.gsi5sk };
  const keysMatch = requestId.length > 0 && Object.entries(given).every(([name, value]) => value === (expected as Record<string, string | undefined>)[name]);
  return keysMatch ? (json as RequestLogItem) : undefined;
}

/** Takes a shipped item, and its JSON for a sink that prints it. */
export type RequestLogSink = (item: RequestLogItem, json: string) => void;

// Standard output is a pipe in Lambda, and Node writes to pipes synchronously on Linux: the line is out before the handler returns.
let sink: RequestLogSink = (_item, json) => process.stdout.write(lineOf(json));

/** Where shipped items go (the local stack's batcher); returns the sink it replaced. */
export function setRequestLogSink(next: RequestLogSink): RequestLogSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Hands a call's record over for storage without waiting for it: no request waits on the log. */
export function shipRequestLog(record: RequestLogRecord): void {
  try {
    const { item, json } = boundedItem(record);
    sink(item, json);
  } catch (error) {
    // A record that cannot be shipped must never turn a served request into an error.
    console.error('request log write failed', error);
  }
}
