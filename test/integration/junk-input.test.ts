import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/stack-env.ts';
import { tokenFor } from '../support/api.ts';
import { mayCall as allowed } from '../support/access.ts';
import { operations, pathParams, type OperationDef } from '#shared/catalogue/index.ts';
import { Rng } from '#shared/planning/rng.ts';
import { ALL_ROLES, type RoleId } from '#shared/roles.ts';
import * as z from '#shared/zod.ts';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { localDateOf } from '#shared/rules/business-time.ts';

/**
 * Issue 8 item 2: no junk input answers 5xx. Every catalogue operation is called anonymously and as
 * every role with generated junk (seeded, so every run sends the same requests): wrong types, 2 MB
 * strings, control characters, nulls, huge and negative numbers, arrays for objects, `__proto__`
 * keys, traversal in names and ids, bad escapes in path parameters and queries, malformed and
 * oversized bodies. Allowed callers get many requests (their junk reaches the input parsing and the
 * handlers), refused ones a few (they stop at the session check, which must hold too).
 *
 * The junk never forms a valid write: every non-GET request carries an object where a field wants a
 * scalar, and path parameters are never a valid id, so the shared demo data is left as it was.
 */

const SEED = 20261122;
const PER_ALLOWED_CALLER = 4;
const PER_REFUSED_CALLER = 2;
const CONCURRENCY = 6;

const TWO_MB = 'x'.repeat(2 * 1024 * 1024);
const LONG = 'é'.repeat(20_000);
const protoKey = (): Record<string, unknown> => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Record<string, unknown>;
const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};

/** Values for a field, any field. */
const FIELD_JUNK: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  9_000_000_000_000_000,
  -9_000_000_000_000_000,
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u0007\u001b[2J\u007f\u0085\u2028',
  '\r\n\r\nX-Injected: 1',
  '\ud800',
  '🏠'.repeat(3000),
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.png',
  '%ZZ',
  '%',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${jndi:ldap://127.0.0.1/x}',
  '9999-12-31',
  '9999-99-99',
  '2026-02-30',
  '0000-00-00',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59Z',
  '2026-05-04T25:99:00Z',
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '12abc',
  LONG,
  [],
  [null],
  [1, 'a', {}],
  {},
  { a: { b: { c: [] } } },
  deep(2000),
];

/** Path parameter values, placed in the URL as they are (bad escapes included). Never a valid id. */
const PATH_JUNK: readonly string[] = [
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%ff%fe',
  '%00',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '..',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  '__proto__',
  'constructor',
  'abc',
  encodeURIComponent('\u0000\u0007\u001b'),
  encodeURIComponent('🏠'.repeat(100)),
  encodeURIComponent("' OR 1=1 --"),
  '9'.repeat(3000),
];

/** Whole bodies of non-GET requests. */
const BODY_JUNK: readonly (string | Uint8Array)[] = [
  'null',
  '[]',
  '"x"',
  '123',
  'true',
  '{',
  '{"a":}',
  '\u0000',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify({ x: TWO_MB }),
  '['.repeat(100_000),
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
];

const BAD_TOKENS: readonly string[] = ['%ZZ', 'x'.repeat(8000), 'null', '../../etc/passwd', 'Bearer', '\u00ff\u00e9\u00a0'];

interface Junk {
  method: string;
  path: string;
  body?: string | Uint8Array;
  authorization?: string;
  label: string;
}

interface Failure {
  op: string;
  caller: string;
  status: number | string;
  label: string;
  answer: string;
}

function fieldsOf(op: OperationDef): { names: string[]; required: string[] } {
  try {
    const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
    return { names: Object.keys(schema.properties ?? {}), required: schema.required ?? [] };
  } catch {
    return { names: [], required: [] };
  }
}

const describeValue = (v: unknown): string => {
  const text = typeof v === 'string' ? JSON.stringify(v) : v instanceof Uint8Array ? `bytes(${v.length})` : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
};

/** encodeURIComponent, with a lone surrogate sent as its (invalid) UTF-8 bytes. */
const enc = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split('').map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
};

function queryString(input: Record<string, unknown>, rng: Rng): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    const key = enc(name);
    if (Array.isArray(value)) for (const v of value) parts.push(`${key}=${enc(String(v))}`);
    else if (value && typeof value === 'object') parts.push(`${key}[a]=1`, `${key}[__proto__][x]=1`);
    else if (typeof value === 'string' && rng.next() < 0.3) parts.push(`${key}=${value}`); // raw: bad escapes, spaces
    else parts.push(`${key}=${enc(String(value))}`);
  }
  if (rng.next() < 0.2) parts.push('__proto__[polluted]=1', 'constructor[prototype][polluted]=1');
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One junk request for an operation: junk in every field, a path parameter that is never valid. */
function junkFor(op: OperationDef, rng: Rng): Junk {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]!;
  const { names, required } = fieldsOf(op);
  const params = pathParams(op.path);
  const path = params.reduce((p, name) => p.replace(`{${name}}`, pick(PATH_JUNK)), op.path);
  const input: Record<string, unknown> = rng.next() < 0.15 ? protoKey() : {};
  for (const name of names.filter((n) => !params.includes(n))) if (rng.next() < 0.85) input[name] = pick(FIELD_JUNK);
  if (op.method === 'GET') {
    const large = rng.next() < 0.05;
    return { method: op.method, path: `${path}${queryString(large ? { ...input, [names[0] ?? 'q']: LONG.repeat(3) } : input, rng)}`, label: `query ${describeValue(input)}` };
  }
  // Never a valid write: an object where a field (a required one if any) wants a scalar.
  const forced = [...required, ...names].filter((n) => !params.includes(n));
  if (forced.length) input[pick(forced)] = { __junk: [1] };
  const huge = rng.next() < 0.03;
  const body = huge ? JSON.stringify({ ...input, pad: TWO_MB }) : JSON.stringify(input);
  return { method: op.method, path, body, label: `body ${huge ? '2 MB ' : ''}${describeValue(input)}` };
}

/** The fixed cases of one operation: every path junk, every whole-body junk, bad tokens. */
function specialsFor(op: OperationDef): Junk[] {
  const params = pathParams(op.path);
  const validish = () => (op.method === 'GET' ? '1' : '999999');
  // An operation that accepts an empty input would store any object body: give it invalid fields only (none does today but logout).
  const acceptsEmpty = op.method !== 'GET' && op.id !== 'logout' && op.input.safeParse({}).success;
  const field = fieldsOf(op).names.find((n) => !params.includes(n));
  const filler = field ? JSON.stringify({ [field]: { __junk: [1] } }) : '{"__junk":{}}';
  const out: Junk[] = [];
  for (const junk of params.length ? PATH_JUNK : []) {
    for (const name of params) {
      const path = params.reduce((p, n) => p.replace(`{${n}}`, n === name ? junk : validish()), op.path);
      out.push({ method: op.method, path, ...(op.method === 'GET' ? {} : { body: filler }), label: `path ${name}=${junk.slice(0, 40)}` });
    }
  }
  const path = params.reduce((p, n) => p.replace(`{${n}}`, validish()), op.path);
  const objectLike = (body: string | Uint8Array) => (typeof body === 'string' ? body.startsWith('{') : body[0] === 0x7b);
  if (op.method !== 'GET') {
    for (const body of BODY_JUNK) if (!(acceptsEmpty && objectLike(body))) out.push({ method: op.method, path, body, label: `raw body ${describeValue(body)}` });
  }
  else out.push({ method: 'GET', path: `${path}?${'a'.repeat(70_000)}=1`, label: 'query of 70 kB' });
  out.push({ method: op.method, path: `${path}?%ZZ=%ZZ&x=%&__proto__=1`, ...(op.method === 'GET' ? {} : { body: filler }), label: 'bad escapes in the query' });
  for (const token of BAD_TOKENS) out.push({ method: op.method, path, authorization: `Bearer ${token}`, ...(op.method === 'GET' ? {} : { body: filler }), label: `token ${describeValue(token)}` });
  return out;
}

/**
 * What the request log holds for a span of time: its records (hour partitions, by time), and the
 * days' request counters, which the same write adds to whatever the record is. A record the
 * database refused (junk it cannot store) shows as a counter ahead of the records.
 */
async function requestLogTally(from: Date, to: Date): Promise<{ records: number; counted: number }> {
  let records = 0;
  const bounds = { ':from': from.toISOString(), ':to': `${to.toISOString()}~` };
  for (let hour = Math.floor(from.getTime() / 3_600_000); hour <= Math.floor(to.getTime() / 3_600_000); hour++) {
    const pk = keys.requestLogsOfHour(new Date(hour * 3_600_000).toISOString().slice(0, 13));
    let after: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ...bounds }, Select: 'COUNT', ExclusiveStartKey: after }),
      );
      records += page.Count ?? 0;
      after = page.LastEvaluatedKey;
    } while (after);
  }
  let counted = 0;
  for (const day of new Set([localDateOf(from.getTime()), localDateOf(to.getTime())])) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.requestStats(day) }));
    counted += Number(Item?.requests ?? 0);
  }
  return { records, counted };
}

async function send(junk: Junk, token: string | undefined): Promise<{ status: number | string; text: string }> {
  const headers: Record<string, string> = {};
  const authorization = junk.authorization ?? (token ? `Bearer ${token}` : undefined);
  if (authorization) headers.authorization = authorization;
  if (junk.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${baseUrl}${junk.path}`, { method: junk.method, headers, ...(junk.body !== undefined ? { body: junk.body as BodyInit } : {}) });
    return { status: res.status, text: (await res.text()).slice(0, 300) };
  } catch (error) {
    // The connection was closed on us (an oversized body after the 413): the server must still answer after it.
    return { status: `network: ${(error as Error).cause ?? (error as Error).message}`, text: '' };
  }
}

describe('junk input: every operation × anonymous and every role', () => {
  const tokens = new Map<RoleId, string>();
  beforeAll(async () => {
    for (const role of ALL_ROLES) tokens.set(role, (await tokenFor(role)).token);
  });

  it('never answers 5xx', async () => {
    const rng = new Rng(SEED);
    const jobs: { op: OperationDef; role: RoleId | undefined; junk: Junk }[] = [];
    for (const op of operations) {
      const callers: (RoleId | undefined)[] = [undefined, ...ALL_ROLES];
      const firstAllowed = callers.find((role) => allowed(op, role));
      for (const role of callers) {
        const count = allowed(op, role) ? PER_ALLOWED_CALLER : PER_REFUSED_CALLER;
        for (let i = 0; i < count; i++) jobs.push({ op, role, junk: junkFor(op, rng) });
        if (role === firstAllowed) for (const junk of specialsFor(op)) jobs.push({ op, role, junk });
      }
    }

    const failures: Failure[] = [];
    const statuses = new Map<string, number>();
    let next = 0;
    const started = Date.now();
    const countedBefore = (await requestLogTally(new Date(started), new Date(started))).counted;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const { op, role, junk } = jobs[next++]!;
          // logout ends the session it is called with: give it one of its own.
          const token = role === undefined ? undefined : op.id === 'logout' ? (await tokenFor(role)).token : tokens.get(role);
          const { status, text } = await send(junk, token);
          const key = typeof status === 'number' ? String(status) : 'network';
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          // A 2xx to a write means junk was stored: the junk must never form a valid write (logout aside).
          const wrote = typeof status === 'number' && status < 300 && junk.method !== 'GET' && op.id !== 'logout';
          if (wrote || (typeof status === 'number' ? status >= 500 : !/(413|too large|other side closed|ECONNRESET|EPIPE|SocketError)/i.test(status))) {
            failures.push({ op: op.id, caller: role === undefined ? 'anonymous' : `role ${role}`, status, label: junk.label, answer: text });
          }
        }
      }),
    );

    // The stack is still up and well after all of it.
    const after = await fetch(`${baseUrl}/api/session/me`, { headers: { authorization: `Bearer ${tokens.get(ALL_ROLES[0]!)}` } });
    expect(after.status).toBe(200);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`junk input: ${jobs.length} requests over ${operations.length} operations in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; 5xx: ${failures.filter((f) => typeof f.status === 'number' && f.status >= 500).length}`);
    expect(failures, JSON.stringify(failures.slice(0, 40), null, 1)).toEqual([]);

    // Every request the stack counted has its record: none of the junk made the log refuse one.
    let tally = await requestLogTally(new Date(started), new Date());
    for (let i = 0; i < 50 && tally.records !== tally.counted - countedBefore; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the last records may still be on their way
      tally = await requestLogTally(new Date(started), new Date());
    }
    // Most junk reaches a handler (the rest stops at the router: unknown paths, oversized bodies).
    expect(tally.counted - countedBefore).toBeGreaterThan(jobs.length / 2);
    expect(tally.records).toBe(tally.counted - countedBefore);
  }, 300_000);
});
