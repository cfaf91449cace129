import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from '#shared/zod.ts';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { defineOperation } from '#shared/catalogue/operation.ts';
import { apiHandler } from './api-handler.ts';
import { conflict } from './errors.ts';
import { setRequestLogSink, type RequestLogItem, type RequestLogSink } from './request-log.ts';

// The records the wrapper ships, caught here instead of printed (ADR 0485).
const shipped: RequestLogItem[] = [];
let printing: RequestLogSink;
beforeAll(() => {
  printing = setRequestLogSink((item) => shipped.push(item));
});
afterAll(() => {
  setRequestLogSink(printing);
});
const op = /* @__PURE__ */ defineOperation(() => ({
  id: 'probe',
  area: 'test',
  method: 'POST',
  path: '/api/probe/{id}',
  access: 'public',
  summary: 'test probe',
  input: z.object({ id: z.coerce.number().int(), name: z.string().min(2) }),
  output: z.object({ greeting: z.string() }),
  resources: [],
}));

function event(body: string | undefined, id = '7'): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/probe/{id}',
    rawPath: `/api/probe/${id}`,
    rawQueryString: '',
    headers: {},
    pathParameters: { id },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: `/api/probe/${id}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, requestId: 'r', timeEpoch: 0 },
  } as unknown as APIGatewayProxyEventV2;
}
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

describe('apiHandler', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('merges path parameters and body into typed input', async () => {
    const handler = apiHandler(op, async ({ id, name }) => ({ greeting: `${name} #${id}` }));
    const res = await handler(event('{"name":"Ana"}'), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ greeting: 'Ana #7' });
  });

  it('maps a thrown HttpError to its status and the one error shape', async () => {
    const handler = apiHandler(op, async () => {
      throw conflict('Taken.');
    });
    const res = await handler(event('{"name":"Ana"}'), context);
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body!)).toEqual({ error: { code: 'conflict', message: 'Taken.' } });
  });

  it('answers 500 without leaking the stack when the logic crashes', async () => {
    const handler = apiHandler(op, async () => {
      throw new Error('secret internals at /var/task/index.mjs');
    });
    const res = await handler(event('{"name":"Ana"}'), context);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('index.mjs');
    // The record still ships, with the status answered and the error for the log viewer.
    expect(shipped.at(-1)).toMatchObject({ response_status: 500, route: 'POST /api/probe/{id}', path: '/api/probe/7', body: { name: 'Ana' } });
    expect(JSON.stringify(shipped.at(-1)!.logs)).toContain('secret internals');
  });

  it('ships one record per call, without waiting for its storage', async () => {
    const before = shipped.length;
    const handler = apiHandler(op, async ({ name }) => ({ greeting: name }));
    expect((await handler(event('{"name":"Bo"}'), context)).statusCode).toBe(200);
    expect((await handler(event('{"name":"B"}'), context)).statusCode).toBe(400);
    expect(shipped.slice(before).map((item) => [item.response_status, item.sk])).toEqual([
      [200, expect.stringMatching(/#req-1$/)],
      [400, expect.stringMatching(/#req-1$/)],
    ]);
  });

  it('answers 500 when the logic breaks its own output contract', async () => {
    const handler = apiHandler(op, async () => ({ greeting: 42 }) as never);
    expect((await handler(event('{"name":"Ana"}'), context)).statusCode).toBe(500);
  });

  it('answers 400 with field errors for bad input and for malformed or non-object JSON', async () => {
    const handler = apiHandler(op, async () => ({ greeting: 'never' }));
    const bad = await handler(event('{"name":"A"}', 'x'), context);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(JSON.parse(bad.body!).error.fields).sort()).toEqual(['id', 'name']);
    expect((await handler(event('{oops'), context)).statusCode).toBe(400);
    expect((await handler(event('[1,2]'), context)).statusCode).toBe(400);
  });

  it('answers 400, not 500, when an input schema throws, and for junk path parameters', async () => {
    const throwing = /* @__PURE__ */ defineOperation(() => ({
      ...op,
      input: z.object({ id: z.coerce.number().int(), name: z.string().transform((s) => new Date(Number(s)).toISOString()) }),
    }));
    const handler = apiHandler(throwing, async () => ({ greeting: 'never' }));
    expect((await handler(event('{"name":"9000000000000000"}'), context)).statusCode).toBe(400);
    for (const id of ['%ZZ', '\u0000', '../../etc/passwd', '\ud800', '9'.repeat(5000)]) {
      expect((await apiHandler(op, async () => ({ greeting: 'never' }))(event('{"name":"Ana"}', id), context)).statusCode).toBe(400);
    }
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const handler = apiHandler(op, async () => ({ greeting: 'never' }));
    const res = await handler(event(JSON.stringify({ name: 'x'.repeat(1024 * 1024) })), context);
    expect(res.statusCode).toBe(413);
  });

  it('answers 401 on a non-public operation without a token', async () => {
    const guarded = /* @__PURE__ */ defineOperation(() => ({ ...op, access: 'authenticated' as const }));
    const handler = apiHandler(guarded, async () => ({ greeting: 'never' }));
    expect((await handler(event('{"name":"Ana"}'), context)).statusCode).toBe(401);
  });
});
