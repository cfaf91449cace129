import { describe, expect, it, vi } from 'vitest';
import {
  LOG_LIMITS,
  MAX_REQUEST_LOG_ITEM_BYTES,
  REQUEST_LOG_LINE_MARKER,
  parseRequestLogLine,
  redact,
  redactPath,
  requestLogItem,
  requestLogLine,
  setRequestLogSink,
  shipRequestLog,
  type RequestLogItem,
  type RequestLogRecord,
} from './request-log.ts';

describe('redact', () => {
  it('hides passwords, tokens and secrets at any depth and keeps the rest', () => {
    expect(
      redact({ email: 'a@b.c', password: 'x', nested: { oldPassword: 'y', list: [{ token: 't', keep: 1 }] }, confirmation: 'z', Authorization: 'Bearer q' }),
    ).toEqual({ email: 'a@b.c', password: '[redacted]', nested: { oldPassword: '[redacted]', list: [{ token: '[redacted]', keep: 1 }] }, confirmation: '[redacted]', Authorization: '[redacted]' });
  });
});

describe('redact bounds what a record keeps', () => {
  it('cuts long strings, long lists and maps, and deep nesting', () => {
    const kept = redact({ s: 'x'.repeat(5_000), list: Array.from({ length: 500 }, (_, i) => i) }) as { s: string; list: number[] };
    expect(kept.s).toHaveLength(LOG_LIMITS.stringLength + 1);
    expect(kept.list).toHaveLength(LOG_LIMITS.entries);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(JSON.stringify(redact(deep))).toBe(`${'['.repeat(LOG_LIMITS.depth)}"…"${']'.repeat(LOG_LIMITS.depth)}`);
  });

  it('renames keys and numbers DynamoDB cannot store', () => {
    const junk = JSON.parse('{"__proto__": {"password": "p"}, "": 1, "big": 1e300, "tiny": 1e-300, "ok": 12.5, "constructor": {"name": "Set"}, "unsafe": 9007199254740992, "safe": -9007199254740991, "e20": 1e20}') as unknown;
    expect(redact({ big: 2n ** 70n })).toEqual({ big: '1180591620717411303424' });
    expect(redact(junk)).toEqual({ '(__proto__)': { password: '[redacted]' }, '()': 1, big: '1e+300', tiny: '1e-300', ok: 12.5, '(constructor)': { name: 'Set' }, unsafe: '9007199254740992', safe: -9007199254740991, e20: '100000000000000000000' });
  });
});

describe('redactPath', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
  it('hides the secret path parameters of the route, wherever they sit', () => {
    expect(redactPath(`/api/delivery/${token}`, 'GET /api/delivery/{token}', { token })).toBe('/api/delivery/[redacted]');
    expect(redactPath(`/api/delivery/${token}/feedback`, 'POST /api/delivery/{token}/feedback', { token })).toBe('/api/delivery/[redacted]/feedback');
  });

  it('keeps paths without secrets as they are', () => {
    expect(redactPath('/api/tickets/12', 'GET /api/tickets/{id}', { id: '12' })).toBe('/api/tickets/12');
  });

  it('replaces the secret value itself when the path does not line up with the route', () => {
    expect(redactPath(`/api/delivery/${token}/`, 'GET /api/delivery/{token}', { token })).toBe('/api/delivery/[redacted]/');
  });
});

const record = (over: Partial<RequestLogRecord> = {}): RequestLogRecord => ({
  requestId: 'req-1',
  path: '/api/tickets/7',
  route: 'GET /api/tickets/{id}',
  method: 'GET',
  status: 200,
  params: { id: '7' },
  query: {},
  body: undefined,
  date: new Date('2026-11-25T14:05:06.789Z'),
  durationMs: 12,
  user: { id: 102, email: 'admin@example.test' },
  ip: '127.0.0.1',
  logs: [],
  ...over,
});

describe('request-log lines (ADR 0485)', () => {
  it('a shipped item comes back whole from its line, user index and hour+status index included', () => {
    const item = requestLogItem(record({ body: { password: 'p', note: 'n' } }));
    const line = requestLogLine(item);
    expect(line.startsWith(`${REQUEST_LOG_LINE_MARKER} {`)).toBe(true);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(parseRequestLogLine(line.trimEnd())).toEqual(item);
    expect(item).toMatchObject({ pk: 'REQLOG#2026-11-25T14', gsi1pk: 'REQLOGUSER#102', gsi5pk: 'REQLOG#2026-11-25T14#200', body: { password: '[redacted]', note: 'n' } });
    const anonymous = requestLogItem(record({ user: undefined, status: 401 }));
    expect(parseRequestLogLine(requestLogLine(anonymous).trimEnd())).toEqual(anonymous);
  });

  it('refuses a line that is not a record, or whose keys would write anywhere else', () => {
    const item = requestLogItem(record());
    const line = (changed: Record<string, unknown>) => `${REQUEST_LOG_LINE_MARKER} ${JSON.stringify({ ...item, ...changed })}`;
    for (const refused of [
      'START RequestId: 1 Version: $LATEST',
      `2026-11-25T14:05:06.789Z\treq-1\tINFO\t${requestLogLine(item)}`,
      `${REQUEST_LOG_LINE_MARKER} {not json`,
      `${REQUEST_LOG_LINE_MARKER} []`,
      line({ pk: 'REQLOG#STATS#2026-11-25', sk: 'DAY' }),
      line({ pk: 'USER#102' }),
      line({ sk: '2026-11-25T14:05:06.789Z#' }),
      line({ gsi1pk: 'REQLOGUSER#103' }),
      line({ gsi5pk: 'REQLOG#2026-11-25T14#500' }),
      line({ response_status: 500 }),
      line({ req_date: '2026-11-25T15:05:06.789Z' }),
      line({ req_date: 'yesterday' }),
      line({ gsi2pk: 'LISTING#1' }),
      line({ role: 12 }),
      line({ ttl: 'never' }),
    ]) {
      expect(parseRequestLogLine(refused), refused.slice(0, 80)).toBeUndefined();
    }
  });

  it(`keeps a record within ${MAX_REQUEST_LOG_ITEM_BYTES} bytes: an oversized one keeps its request line, status, user and timing`, () => {
    const body = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'é'.repeat(1_999)]));
    const item = requestLogItem(record({ method: 'POST', status: 400, body, logs: [['input', body]] }));
    expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(MAX_REQUEST_LOG_ITEM_BYTES);
    expect(item).toMatchObject({ path: '/api/tickets/7', method: 'POST', response_status: 400, request_time: 12, user: { id: 102 }, body: '…', query: '…', params: '…' });
    expect(JSON.stringify(item.logs)).toContain(`record over ${MAX_REQUEST_LOG_ITEM_BYTES} bytes`);
    expect(parseRequestLogLine(requestLogLine(item).trimEnd())).toEqual(item);
    const large = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, 'x'.repeat(1_999)]));
    expect(requestLogItem(record({ method: 'POST', body: large })).body).toEqual(large);
  });

  it('in Lambda, prints the item as one line on standard output, read back whole', () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      shipRequestLog(record());
    } finally {
      spy.mockRestore();
    }
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('\n')).toBe(true);
    expect(parseRequestLogLine(written[0]!.trimEnd())).toEqual(requestLogItem(record()));
  });

  it('ships to the sink set, and a sink that throws never reaches the request', () => {
    const shipped: RequestLogItem[] = [];
    const previous = setRequestLogSink((item) => shipped.push(item));
    try {
      shipRequestLog(record());
      expect(shipped.map((i) => i.sk)).toEqual(['2026-11-25T14:05:06.789Z#req-1']);
      setRequestLogSink(() => {
        throw new Error('sink down');
      });
      const errors: unknown[][] = [];
      const error = console.error;
      console.error = (...parts: unknown[]) => errors.push(parts);
      try {
        expect(() => shipRequestLog(record())).not.toThrow();
      } finally {
        console.error = error;
      }
      expect(errors[0]?.[0]).toBe('request log write failed');
    } finally {
      setRequestLogSink(previous);
    }
  });
});
