import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '#shared/zod.ts';
import { defineOperation } from '#shared/catalogue/operation.ts';
import { getUserFromToken, login } from '#shared/catalogue/session.ts';
import { ApiError, buildRequest, callOperation, onUnauthorized, retryAfterMinutes } from './client.ts';
import { startGet } from './early-get.ts';
import { sessionToken } from './session-token.ts';
import { SESSION_CHECK_URL } from '../boot-session-check.ts';
import { setupI18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import fr from '../i18n/locales/fr.json';

const getThing = /* @__PURE__ */ defineOperation(() => ({
  id: 'getThing',
  area: 'test',
  method: 'GET',
  path: '/api/things/{thingId}/parts/{part}',
  access: 'authenticated',
  summary: 'test',
  input: z.object({ thingId: z.number(), part: z.string(), q: z.string().optional(), tags: z.array(z.string()).optional() }),
  output: z.object({ ok: z.boolean() }),
  resources: [],
}));

const updateThing = /* @__PURE__ */ defineOperation(() => ({
  id: 'updateThing',
  area: 'test',
  method: 'PUT',
  path: '/api/things/{thingId}',
  access: 'authenticated',
  summary: 'test',
  input: z.object({ thingId: z.number(), name: z.string() }),
  output: z.object({ ok: z.boolean() }),
  resources: [],
}));

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionToken.clear();
});

describe('buildRequest', () => {
  it('substitutes path parameters and sends the rest as the query for GET', () => {
    expect(buildRequest(getThing, { thingId: 7, part: 'a b', q: 'x', tags: ['1', '2'] })).toEqual({ url: '/api/things/7/parts/a%20b?q=x&tags=1&tags=2' });
  });
  it('sends the rest as a JSON body for PUT and POST', () => {
    expect(buildRequest(updateThing, { thingId: 7, name: 'n' })).toEqual({ url: '/api/things/7', body: '{"name":"n"}' });
  });
  it('refuses a missing path parameter', () => {
    expect(() => buildRequest(updateThing, { name: 'n' })).toThrow(/thingId/);
  });
});

describe('callOperation', () => {
  it('adds the bearer token and parses the answer with op.output', async () => {
    sessionToken.set('tok');
    const fetchMock = answer(200, { ok: true, extra: 1 });
    await expect(callOperation(updateThing, { thingId: 1, name: 'n' })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError with the error body fields', async () => {
    answer(400, { error: { code: 'bad_request', message: 'Invalid', fields: { name: ['Required'] } } });
    const error = await callOperation(updateThing, { thingId: 1, name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Invalid', fields: { name: ['Required'] } });
  });

  it("keeps a 429's Retry-After in seconds, and ignores one that is not a number of seconds", async () => {
    answer(429, { error: { code: 'too_many_requests', message: 'Later' } }, { 'retry-after': '250' });
    const error = await callOperation(login, { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 250 });
    expect(retryAfterMinutes(error as ApiError, 15)).toBe(5);
    answer(429, { error: { code: 'too_many_requests', message: 'Later' } }, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' });
    const dated = await callOperation(login, { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(dated).toMatchObject({ status: 429, retryAfterSeconds: undefined });
    expect(retryAfterMinutes(dated as ApiError, 15)).toBe(15);
  });

  it('reports 401 answers to the session, except login', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    answer(401, { error: { code: 'unauthorized', message: 'Unauthorized' } });
    await expect(callOperation(getUserFromToken, {})).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    await expect(callOperation(login, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('flags a 200 answer that does not match the catalogue', async () => {
    answer(200, { user: {} });
    await expect(callOperation(login, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(callOperation(getUserFromToken, {})).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it("gives a network failure a text in the page's language, not the browser's English one", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const i18n = setupI18n('fr');
    await expect(callOperation(getUserFromToken, {})).rejects.toMatchObject({ status: 0, message: fr.common.network_error });
    await i18n.changeLanguage('en');
    await expect(callOperation(getUserFromToken, {})).rejects.toMatchObject({ status: 0, message: en.common.network_error });
  });

  it('uses a GET started at boot once, for the same URL and token (ADR 0395)', async () => {
    expect(buildRequest(getUserFromToken, {}).url).toBe(SESSION_CHECK_URL);
    const fetchMock = answer(200, { ok: true });
    startGet('/api/things/1/parts/a', 'tok-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Another token does not take it.
    await callOperation(getThing, { thingId: 1, part: 'a' }, { token: 'tok-2' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(callOperation(getThing, { thingId: 1, part: 'a' }, { token: 'tok-1' })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: the next call fetches.
    await callOperation(getThing, { thingId: 1, part: 'a' }, { token: 'tok-1' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
