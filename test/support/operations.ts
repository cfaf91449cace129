import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { expect } from 'vitest';
import { pathParams, type ErrorBody, type InputOf, type OperationDef, type OutputOf } from '#shared/catalogue/index.ts';
import { HttpError } from '#functions/plumbing/errors.ts';
import { call, type ApiAnswer } from './api.ts';

/**
 * A catalogue operation's answer: its output on success, the one error body otherwise. Narrow it
 * with `bodyOf` / `errorOf` (or on `ok`), so a renamed field breaks the test at compile time.
 */
export type OpAnswer<Op> = (ApiAnswer<OutputOf<Op>> & { ok: true }) | (ApiAnswer<ErrorBody> & { ok: false });

/** Where a browser sends an operation's input: path parameters into the path, the rest into the query string (GET, DELETE) or the JSON body (POST, PUT). */
function requestOf(op: OperationDef, input: unknown): { path: string; params: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> | undefined } {
  const fields = { ...(input as Record<string, unknown>) };
  let path: string = op.path;
  const params: Record<string, string> = {};
  for (const name of pathParams(op.path)) {
    params[name] = String(fields[name]);
    path = path.replace(`{${name}}`, encodeURIComponent(params[name]));
    delete fields[name];
  }
  if (op.method !== 'GET' && op.method !== 'DELETE') return { path, params, query: {}, body: fields };
  const query = Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
  return { path, params, query, body: undefined };
}

function answerOf<Op>(res: ApiAnswer): OpAnswer<Op> {
  return res.status < 300 ? { ...res, ok: true, body: res.body as OutputOf<Op> } : { ...res, ok: false, body: res.body as ErrorBody };
}

/**
 * Calls a catalogue operation as a browser would: path parameters from the input go into the
 * path, the rest into the query string (GET, DELETE) or the JSON body (POST, PUT). `as` is the
 * caller's session token; leave it out to call anonymously.
 */
export async function callOp<Op extends OperationDef>(op: Op, input: InputOf<Op>, as?: string): Promise<OpAnswer<Op>> {
  const { path, query, body } = requestOf(op, input);
  const search = new URLSearchParams(query);
  const url = search.size ? `${path}?${search}` : path;
  return answerOf(await call(op.method, url, { ...(as ? { token: as } : {}), ...(body ? { body } : {}) }));
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/**
 * Calls a catalogue operation's handler in this test's process, as API Gateway calls its Lambda:
 * for a test that must steer what the handler's AWS clients meet (a slow S3, a held transaction).
 */
export async function callHere<Op extends OperationDef>(handler: unknown, op: Op, input: InputOf<Op>, as?: string): Promise<OpAnswer<Op>> {
  const { path, params, query, body } = requestOf(op, input);
  const requestId = randomUUID();
  const event = {
    version: '2.0',
    routeKey: `${op.method} ${op.path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: as ? { authorization: `Bearer ${as}` } : {},
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(body ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
    requestContext: { http: { method: op.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, requestId, stage: '$default' },
  } as unknown as APIGatewayProxyEventV2;
  const result = (await (handler as LambdaHandler)(event, { awsRequestId: requestId } as Context)) as APIGatewayProxyStructuredResultV2;
  const headers = new Headers(Object.entries(result.headers ?? {}).map(([name, value]): [string, string] => [name, String(value)]));
  return answerOf({ status: result.statusCode ?? 0, body: JSON.parse(result.body ?? '{}') as unknown, headers });
}

/** The success body, after checking the status (200 unless told); fails with the error body otherwise. */
export function bodyOf<Op>(res: OpAnswer<Op>, status = 200): OutputOf<Op> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (!res.ok) throw new Error(`expected a success, got ${res.status}`);
  return res.body;
}

/** The error of a failed call, after checking its status. */
export function errorOf<Op>(res: OpAnswer<Op>, status: number): ErrorBody['error'] {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (res.ok) throw new Error(`expected a failure, got ${res.status}`);
  return res.body.error;
}

/** How an in-process call ended: 'ok', or the HttpError's code and field errors (any other error is thrown on). */
export async function statusOf(promise: Promise<unknown>): Promise<{ status: string; fields?: unknown }> {
  try {
    await promise;
    return { status: 'ok' };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.code, fields: error.fields };
  }
}
