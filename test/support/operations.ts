import { expect } from 'vitest';
import { pathParams, type ErrorBody, type InputOf, type OperationDef, type OutputOf } from '#shared/catalogue/index.ts';
import { HttpError } from '#functions/plumbing/errors.ts';
import { call, type ApiAnswer } from './api.ts';

/**
 * A catalogue operation's answer: its output on success, the one error body otherwise. Narrow it
 * with `bodyOf` / `errorOf` (or on `ok`), so a renamed field breaks the test at compile time.
 */
export type OpAnswer<Op> = (ApiAnswer<OutputOf<Op>> & { ok: true }) | (ApiAnswer<ErrorBody> & { ok: false });

/**
 * Calls a catalogue operation as a browser would: path parameters from the input go into the
 * path, the rest into the query string (GET, DELETE) or the JSON body (POST, PUT). `as` is the
 * caller's session token; leave it out to call anonymously.
 */
export async function callOp<Op extends OperationDef>(op: Op, input: InputOf<Op>, as?: string): Promise<OpAnswer<Op>> {
  const fields = { ...(input as Record<string, unknown>) };
  let path: string = op.path;
  for (const name of pathParams(op.path)) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(fields[name])));
    delete fields[name];
  }
  const inQuery = op.method === 'GET' || op.method === 'DELETE';
  if (inQuery) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) query.set(name, String(value));
    if (query.size) path += `?${query}`;
  }
  const res = await call(op.method, path, { ...(as ? { token: as } : {}), ...(inQuery ? {} : { body: fields }) });
  return res.status < 300 ? { ...res, ok: true, body: res.body as OutputOf<Op> } : { ...res, ok: false, body: res.body as ErrorBody };
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
