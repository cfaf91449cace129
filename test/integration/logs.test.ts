import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RequestLogRecord } from '#functions/plumbing/request-log.ts';
import { searchRequestLogs, writeRequestLog } from '#functions/storage/request-logs.ts';
import { encodeCursor } from '#functions/plumbing/query.ts';
import { parseSearch } from '#functions/use-cases/log-search.ts';
import { getLogCharts, getRequestLogs } from '#shared/catalogue/logs.ts';
import { getUserFromToken } from '#shared/catalogue/session.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { Role } from '#shared/roles.ts';
import { call, loginWithPassword, tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { requestLogRecord } from '../support/request-log-records.ts';

const record = requestLogRecord;

/** Records of a user id no real account has, a few seconds apart, ending now. */
async function writeFor(uid: number, count: number, over: (i: number) => Partial<RequestLogRecord> = () => ({})): Promise<void> {
  const now = Date.now();
  // A few at a time, as a handful of concurrent requests would (the wrapper never reports a failed write).
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, j) => start + j);
    await Promise.all(batch.map((i) => writeRequestLog(record({ user: { id: uid, email: `u${uid}@logs.test` }, date: new Date(now - i * 1000), ...over(i) }))));
  }
}

describe('getRequestLogs (/superlog)', () => {
  it("finds a user's requests by uid, newest first, and pages through them with offset and cursor", async () => {
    const { token } = await tokenFor(Role.admin);
    const uid = 900_000 + randomInt(90_000);
    await writeFor(uid, 62, (i) => ({ path: `/api/tickets/${i}` }));
    const first = bodyOf(await callOp(getRequestLogs, { search: `uid:${uid}` }, token));
    expect(first.logs).toHaveLength(50);
    expect(first.offset).toBe(50);
    expect(first.logs[0]!.path).toBe('/api/tickets/0');
    expect(first.logs.map((l) => l.req_date)).toEqual([...first.logs.map((l) => l.req_date)].sort().reverse());
    expect(first.count).toBeNull();
    expect(first.cursor).toEqual(expect.any(String));
    const second = bodyOf(await callOp(getRequestLogs, { search: `uid:${uid}`, offset: first.offset, cursor: first.cursor! }, token));
    expect(second.logs).toHaveLength(12);
    expect(second.offset).toBe(62);
    expect(second.cursor).toBeNull();
    expect(new Set([...first.logs, ...second.logs].map((l) => l.id)).size).toBe(62);
    // Without a cursor, the offset alone skips that many matches.
    const skipped = bodyOf(await callOp(getRequestLogs, { search: `uid:${uid}`, offset: 60 }, token));
    expect(skipped.logs.map((l) => l.path)).toEqual(['/api/tickets/60', '/api/tickets/61']);
    // Oldest first.
    const oldest = bodyOf(await callOp(getRequestLogs, { search: `uid:${uid}`, direction: 'asc', offset: 60 }, token));
    expect(oldest.logs.map((l) => l.path)).toEqual(['/api/tickets/1', '/api/tickets/0']);
  });

  it('passes an offset the read budget stopped short of on to the next page: nothing shown twice, nothing skipped', async () => {
    const uid = 900_000 + randomInt(90_000);
    await writeFor(uid, 30, (i) => ({ path: `/api/tickets/${i}`, method: 'PUT' }));
    // A filter read after the Query (method): each call reads at most 10 records.
    const search = parseSearch(`uid:${uid} method:put`, Date.now());
    const opts = { direction: 'desc' as const, pageSize: 5, budget: 10, now: Date.now() };
    let page = await searchRequestLogs(search, { ...opts, skip: 20 });
    const calls = [page.logs.length];
    while (page.logs.length === 0 && page.next) {
      page = await searchRequestLogs(search, { ...opts, skip: 0, start: page.next });
      calls.push(page.logs.length);
    }
    expect(calls).toEqual([0, 0, 5]);
    expect(page.logs.map((l) => l.path)).toEqual([20, 21, 22, 23, 24].map((i) => `/api/tickets/${i}`));
  });

  it('continues a search from its cursor after the hour turned: the next page reads on from the same place (the hours of its first page)', async () => {
    const { token, account } = await tokenFor(Role.admin);
    // The first page was read an hour ago, when this hour's partition was not in the list yet.
    const then = Date.now() - 3_600_000;
    const status = randomInt(460, 499);
    const ids = Array.from({ length: 55 }, () => randomUUID());
    await Promise.all(ids.map((requestId, i) => writeRequestLog(record({ requestId, status, date: new Date(then - i * 1000) }))));
    const text = `status:${status} du:${localDateOf(then - 3_600_000)} au:${localDateOf(Date.now())}`;
    const first = await searchRequestLogs(parseSearch(text, then), { direction: 'desc', pageSize: 50, skip: 0, budget: 5_000, now: then });
    expect(first.logs).toHaveLength(50);
    const cursor = await encodeCursor({ __partition: first.next!.partition, __now: then, ...first.next!.after }, { user: account.id, query: `getRequestLogs:desc:${text}` });
    const next = bodyOf(await callOp(getRequestLogs, { search: text, offset: 50, cursor }, token));
    expect(new Set([...first.logs, ...next.logs].map((l) => l.id))).toEqual(new Set(ids));
    expect(next.logs).toHaveLength(5);
  });

  it('filters by status through the hour+status index, with the count from the day counters', async () => {
    const { token } = await tokenFor(Role.superadmin);
    const before = bodyOf(await callOp(getRequestLogs, { search: 'status:418' }, token));
    const uid = 900_000 + randomInt(90_000);
    await writeFor(uid, 3, () => ({ status: 418, method: 'PUT', durationMs: 700 }));
    await writeFor(uid, 2, () => ({ status: 200, method: 'PUT' }));
    const after = bodyOf(await callOp(getRequestLogs, { search: 'status:418' }, token));
    expect(after.count).toBe((before.count ?? 0) + 3);
    expect(after.logs.length).toBe(Math.min(50, before.logs.length + 3));
    expect(after.logs.every((l) => l.response_status === 418)).toBe(true);
    const mine = bodyOf(await callOp(getRequestLogs, { search: `uid:${uid} status:418 method:put time:>=700` }, token));
    expect(mine.logs).toHaveLength(3);
    expect(bodyOf(await callOp(getRequestLogs, { search: `uid:${uid} time:<700` }, token)).logs).toHaveLength(2);
  });

  it('searches the log lines, body, query, params and user, and shows a 500 as it was stored', async () => {
    const { token } = await tokenFor(Role.admin);
    const uid = 900_000 + randomInt(90_000);
    const marker = `m${randomUUID().slice(0, 8)}`;
    await writeFor(uid, 1, () => ({
      status: 500,
      path: '/api/tickets/7',
      params: { id: '7' },
      query: { q: marker },
      body: { note: `Rue ${marker}` },
      logs: [['error', `Timeout ${marker}`]],
    }));
    for (const search of [`logs:timeout`, `body:"rue ${marker}"`, `query:${marker}`, 'params:7', `user:u${uid}@`, `/api/tickets/7`]) {
      const { logs } = bodyOf(await callOp(getRequestLogs, { search: `uid:${uid} ${search}` }, token));
      expect(logs, search).toHaveLength(1);
      expect(logs[0]).toMatchObject({ response_status: 500, user: { id: uid }, user_id: uid, logs: [['error', `Timeout ${marker}`]] });
    }
    expect(bodyOf(await callOp(getRequestLogs, { search: `uid:${uid} logs:nothing-like-this` }, token)).logs).toEqual([]);
  });

  it('never shows a password or a session token', async () => {
    const marker = `log-viewer-${randomUUID().slice(0, 8)}@test.example`;
    await loginWithPassword(marker, 'viewer-secret-password');
    const broker = await tokenFor(Role.broker);
    await callOp(getUserFromToken, {}, broker.token);
    const { token } = await tokenFor(Role.admin);
    const res = await callOp(getRequestLogs, { search: `body:${marker}` }, token);
    const { logs } = bodyOf(res);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.body).toMatchObject({ email: marker, password: '[redacted]' });
    const mine = bodyOf(await callOp(getRequestLogs, { search: `uid:${broker.account.id}` }, token));
    expect(mine.logs.length).toBeGreaterThan(0);
    const text = JSON.stringify([res.body, mine]);
    expect(text).not.toContain('viewer-secret-password');
    expect(text).not.toContain(broker.token);
  });

  it('answers 400 saying what is wrong with a bad search', async () => {
    const { token } = await tokenFor(Role.admin);
    // In English on the field; the details name the parser's code (and word) for the screen's own language.
    for (const [search, message, details] of [
      ['foo:bar', /Unknown keyword "foo:"/, { code: 'unknownKeyword', word: 'foo' }],
      ['status:5xx', /status/, { code: 'badStatus', word: 'status' }],
      ['du:2026-13-01', /du:/, { code: 'badDate', word: 'du' }],
      ['date:2026-11-01 du:2026-11-01', /date:/, { code: 'dateWithRange' }],
      ['body:"open', /quote/, { code: 'unclosedQuote' }],
    ] as const) {
      const error = errorOf(await callOp(getRequestLogs, { search }, token), 400);
      expect(error.fields?.search?.[0], search).toMatch(message);
      expect(error.details, search).toEqual(details);
    }
    errorOf(await callOp(getRequestLogs, { search: '', cursor: 'forged' }, token), 400);
  });

  it('is for administrators only', async () => {
    for (const role of [Role.broker, Role.tech_capture, Role.stats_query]) {
      const { token } = await tokenFor(role);
      errorOf(await callOp(getRequestLogs, { search: '' }, token), 403);
      errorOf(await callOp(getLogCharts, { search: '' }, token), 403);
    }
    errorOf(await callOp(getRequestLogs, { search: '' }), 401);
  });
});

describe('getLogCharts (/SuperAnalytics)', () => {
  it('answers requests and distinct users per day from the counters', async () => {
    const { token } = await tokenFor(Role.admin);
    const today = localDateOf(Date.now());
    const before = bodyOf(await callOp(getLogCharts, { search: `date:${today}` }, token));
    const uid = 900_000 + randomInt(90_000);
    await writeFor(uid, 4);
    const after = bodyOf(await callOp(getLogCharts, { search: `date:${today}` }, token));
    expect(after.from).toBe(today);
    expect(after.data.requests).toHaveLength(1);
    expect(after.data.requests[0]!.count).toBeGreaterThanOrEqual(before.data.requests[0]!.count + 4);
    // One more user, however many requests they made (others may call meanwhile: at least one).
    expect(after.data.users[0]!.count).toBeGreaterThanOrEqual(before.data.users[0]!.count + 1);

    const month = bodyOf(await callOp(getLogCharts, { search: '' }, token));
    expect(month.data.requests).toHaveLength(30);
    expect(month.to).toBe(today);
    expect(month.data.requests.at(-1)!.mydate).toBe(today);
    const daysOnly = errorOf(await callOp(getLogCharts, { search: 'status:500' }, token), 400);
    expect(daysOnly.fields?.search?.[0]).toMatch(/du:, au: and date:/);
    expect(daysOnly.details).toEqual({ code: 'chartsDaysOnly' });
    errorOf(await callOp(getLogCharts, { search: 'foo:1' }, token), 400);
  });

  it('keeps the counters as the wrapper writes them: an API call counts', async () => {
    const { token } = await tokenFor(Role.admin);
    const today = localDateOf(Date.now());
    const before = bodyOf(await callOp(getLogCharts, { search: `date:${today}` }, token)).data.requests[0]!.count;
    await call('GET', '/api/session/me', { token });
    const after = bodyOf(await callOp(getLogCharts, { search: `date:${today}` }, token)).data.requests[0]!.count;
    expect(after).toBeGreaterThanOrEqual(before + 2);
  });
});
