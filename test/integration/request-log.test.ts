import { randomInt, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as ingest } from '#functions/logs/ingest-request-logs.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { requestLogItem, requestLogLine, shipRequestLog, type RequestLogRecord } from '#functions/plumbing/request-log.ts';
import { writeRequestLog } from '#functions/storage/request-logs.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { startRequestLogBatcher } from '../../scripts/local/request-log-batcher.ts';
import { requestLogRecord } from '../support/request-log-records.ts';

/** Hostile requests are exactly the ones an operator needs in the log: every one must be stored. */
describe('request log', () => {
  it('stores the record of a hostile request (deep nesting, __proto__, constructor and empty keys, huge numbers, a 1 MB string), secrets redacted', async () => {
    let deep: unknown = { password: 'hunter2' };
    for (let i = 0; i < 60; i++) deep = { next: deep };
    const body = JSON.parse(`{"__proto__": {"token": "t"}, "": 1, "n": 1e300, "long": "${'x'.repeat(1_000_000)}"}`) as Record<string, unknown>;
    const date = new Date();
    const requestId = randomUUID();
    await writeRequestLog({
      requestId,
      path: '/api/tickets',
      route: 'POST /api/tickets',
      method: 'POST',
      status: 400,
      params: {},
      // The junk-input test's prototype-pollution query: the document client refused any item with an own `constructor` key.
      query: { q: 'y'.repeat(10_000), ...(JSON.parse('{"constructor": "x"}') as Record<string, string>) },
      // 2^53: the junk-input test's largest integer; the document client refuses numbers beyond 2^53 - 1.
      body: { ...body, deep, nested: JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown, unsafe: 2 ** 53, e20: 1e20 },
      date,
      durationMs: 3,
      user: undefined,
      ip: '127.0.0.1',
      logs: [['input', { secret: 's', list: Array.from({ length: 1_000 }, (_, i) => i) }]],
    });
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.requestLog(date, requestId) }));
    expect(Item).toBeDefined();
    expect(Item!.response_status).toBe(400);
    expect(Item!.body['(__proto__)']).toEqual({ token: '[redacted]' });
    expect(Item!.body.n).toBe('1e+300');
    expect(Item!.query['(constructor)']).toBe('x');
    expect([Item!.body.unsafe, Item!.body.e20]).toEqual(['9007199254740992', '100000000000000000000']);
    expect(Item!.body.nested).toEqual({ '(constructor)': { prototype: { polluted: true } } });
    expect(JSON.stringify(Item)).not.toContain('hunter2');
    expect(JSON.stringify(Item).length).toBeLessThan(100_000);
  });
});

const record = (over: Partial<RequestLogRecord>) => requestLogRecord({ path: '/api/session/me', route: 'GET /api/session/me', ...over });

const dayCounters = async (date: Date) => (await db.send(new GetCommand({ TableName: tableName(), Key: keys.requestStats(localDateOf(date.getTime())) }))).Item ?? {};
const stored = async (r: RequestLogRecord) => (await db.send(new GetCommand({ TableName: tableName(), Key: keys.requestLog(r.date, r.requestId) }))).Item;

/** What a CloudWatch Logs subscription hands its Lambda: gzipped, base64 JSON with the log group's lines. */
function subscriptionEvent(messages: string[], messageType = 'DATA_MESSAGE') {
  const data = { messageType, owner: '123456789012', logGroup: '/aws/lambda/ImmoApi-GetUserFromToken', logStream: 's', subscriptionFilters: ['f'], logEvents: messages.map((message) => ({ id: randomUUID(), timestamp: Date.now(), message })) };
  return { awslogs: { data: gzipSync(JSON.stringify(data)).toString('base64') } };
}

describe('request log ingest (ADR 0485)', () => {
  it("stores the records a log group's lines carry, adds them to their days' counters once per batch, and skips every other line", async () => {
    // Two Quebec days, so that the counters of each get their own share; two users never seen before.
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000);
    const [alice, bob] = [{ id: 800_000 + randomInt(90_000), email: 'alice@ingest.test' }, { id: 890_001 + randomInt(9_000), email: 'bob@ingest.test' }];
    const records = [
      record({ date: today, user: alice }),
      record({ date: today, user: alice, status: 404 }),
      record({ date: today, user: bob, status: 404 }),
      record({ date: today, status: 401 }),
      record({ date: yesterday, user: alice, status: 418 }),
    ];
    const [todayBefore, yesterdayBefore] = [await dayCounters(today), await dayCounters(yesterday)];
    const lines = records.map((r) => requestLogLine(requestLogItem(r)));
    const forged = `IMMOREQUESTLOG ${JSON.stringify({ ...requestLogItem(records[0]!), pk: 'REQLOG#STATS#2026-01-01', sk: 'DAY' })}`;
    const delivery = subscriptionEvent(['START RequestId: 1 Version: $LATEST', ...lines, forged, 'END RequestId: 1']);
    const answer = await ingest(delivery as never);
    expect(answer).toEqual({ stored: 5, skipped: 3 });
    for (const r of records) expect((await stored(r))?.response_status, r.requestId).toBe(r.status);
    const [todayAfter, yesterdayAfter] = [await dayCounters(today), await dayCounters(yesterday)];
    const added = (after: Record<string, unknown>, before: Record<string, unknown>, name: string) => Number(after[name] ?? 0) - Number(before[name] ?? 0);
    expect([added(todayAfter, todayBefore, 'requests'), added(todayAfter, todayBefore, 'status_404'), added(todayAfter, todayBefore, 'status_401'), added(todayAfter, todayBefore, 'users')]).toEqual([4, 2, 1, 2]);
    expect([added(yesterdayAfter, yesterdayBefore, 'requests'), added(yesterdayAfter, yesterdayBefore, 'status_418'), added(yesterdayAfter, yesterdayBefore, 'users')]).toEqual([1, 1, 1]);
    // The same delivery sent again (Lambda's retry) stores the same items and counts nothing twice.
    expect(await ingest(delivery as never)).toEqual({ stored: 5, skipped: 3 });
    expect([await dayCounters(today), await dayCounters(yesterday)]).toEqual([todayAfter, yesterdayAfter]);
    // CloudWatch's check of the destination, sent when the subscription is created, stores nothing.
    expect(await ingest(subscriptionEvent(lines, 'CONTROL_MESSAGE') as never)).toEqual({ stored: 0, skipped: 0 });
  });

  it('counts exactly when many deliveries of one day arrive at once, each with users never seen that day (the ingest runs once per log group)', async () => {
    // A day of its own, so that no other test's calls move its counters.
    const day = new Date(Date.UTC(2031, randomInt(12), 1 + randomInt(28), 15));
    const [shared, counted] = [{ id: 500_000 + randomInt(90_000), email: 'everyone@ingest.test' }, { id: 590_001 + randomInt(9_000), email: 'counted@ingest.test' }];
    const deliveries = Array.from({ length: 12 }, (_, d) => {
      const user = { id: 700_000 + d * 1_000 + randomInt(1_000), email: `u${d}@ingest.test` };
      return subscriptionEvent([record({ date: day, user }), record({ date: day, user, status: 404 }), record({ date: day, user: shared }), record({ date: day, user: counted })].map((r) => requestLogLine(requestLogItem(r))));
    });
    // A user another process already counted that day: their marker is there, and cancels a transaction that would count them again.
    await db.send(new PutCommand({ TableName: tableName(), Item: keys.requestStatsUser(localDateOf(day.getTime()), counted.id) }));
    const before = await dayCounters(day);
    // DynamoDB Local runs them one after the other; DynamoDB cancels a transaction that meets another
    // one on the day's item. The first transactions here are cancelled so, as DynamoDB answers.
    let conflicts = 0;
    db.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { TransactItems?: unknown[] };
        if (input.TransactItems && conflicts < 10) {
          conflicts += 1;
          throw Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: input.TransactItems.map((_, i) => ({ Code: i === input.TransactItems!.length - 1 ? 'TransactionConflict' : 'None' })) });
        }
        return next(args);
      },
      { step: 'initialize', name: 'transactionConflicts' },
    );
    try {
      const answers = await Promise.all(deliveries.map((delivery) => ingest(delivery as never)));
      expect(answers.every((a) => a.stored === 4)).toBe(true);
    } finally {
      db.middlewareStack.remove('transactionConflicts');
    }
    expect(conflicts).toBe(10);
    const after = await dayCounters(day);
    expect(['requests', 'status_200', 'status_404', 'users'].map((name) => Number(after[name] ?? 0) - Number(before[name] ?? 0))).toEqual([48, 36, 12, 13]);
  });

  it("the replay of the failure queue stores a delivery Lambda gave up on, leaves one that fails again in the queue, and drops a message that holds no delivery", async () => {
    const day = new Date(Date.UTC(2032, randomInt(12), 1 + randomInt(28), 15));
    const [failed, again] = [[record({ date: day }), record({ date: day, status: 503 })], [record({ date: day })]];
    // What Lambda sends to an asynchronous invocation's failure destination: the invocation's record, its event inside.
    const message = (messageId: string, records: RequestLogRecord[]) => ({
      messageId,
      body: JSON.stringify({
        version: '1.0',
        requestContext: { requestId: randomUUID(), condition: 'RetriesExhausted', approximateInvokeCount: 3 },
        requestPayload: subscriptionEvent(records.map((r) => requestLogLine(requestLogItem(r)))),
        responseContext: { statusCode: 200, functionError: 'Unhandled' },
      }),
    });
    const before = await dayCounters(day);
    const first = await ingest({ Records: [message('m1', failed), { messageId: 'm2', body: '{"requestPayload": {"awslogs": {"data": "not gzip"}}}' }, { messageId: 'm3', body: 'junk' }] } as never as SQSEvent);
    expect(first).toEqual({ batchItemFailures: [] });
    for (const r of failed) expect((await stored(r))?.response_status).toBe(r.status);
    // The table refuses the next write: that message stays in the queue for the next try.
    db.middlewareStack.add(
      (next) => async (args) => {
        if ((args.input as { RequestItems?: unknown }).RequestItems) throw Object.assign(new Error('refused'), { name: 'ValidationException' });
        return next(args);
      },
      { step: 'initialize', name: 'refuseWrites' },
    );
    try {
      expect(await ingest({ Records: [message('m4', again)] } as never as SQSEvent)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm4' }] });
    } finally {
      db.middlewareStack.remove('refuseWrites');
    }
    expect(await stored(again[0]!)).toBeUndefined();
    const after = await dayCounters(day);
    expect(['requests', 'status_200', 'status_503'].map((name) => Number(after[name] ?? 0) - Number(before[name] ?? 0))).toEqual([2, 1, 1]);
  });

  it('locally, the records the handlers ship are stored in batches once flushed, as the viewer reads them', async () => {
    const reports: string[] = [];
    const batcher = startRequestLogBatcher({ report: (line) => reports.push(line) });
    const records = Array.from({ length: 130 }, (_, i) => record({ path: `/api/tickets/${i}`, route: 'GET /api/tickets/{id}', params: { id: String(i) } }));
    try {
      for (const r of records) shipRequestLog(r);
      await batcher.flush();
    } finally {
      await batcher.stop();
    }
    const paths = await Promise.all(records.map(async (r) => (await stored(r))?.path));
    expect(paths).toEqual(records.map((r) => r.path));
    expect(reports).toEqual([]);
  });
});
