import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ENV } from '#shared/data/design.ts';
import { fmt, summarize } from './stats.ts';

/**
 * The request-log search at scale (issue 14, ADR 0230): BENCH_LOG_RECORDS records (default
 * 1,000,000) of one Quebec day written with BatchWrite (25 per call, 16 in flight) as the wrapper
 * stores them (hour partition, user and hour+status index keys), 0.5 % of them 500s; then a
 * one-day `status:500` search (first page of 50) many times, beside raw GetItem in the same run.
 * Prints figures; asserts nothing.
 */
const RECORDS = Number(process.env.BENCH_LOG_RECORDS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_LOG_SEARCHES ?? 200);
const DAY = '2026-01-15';
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 201, 204, 400, 401, 403, 404, 409] as const;

export async function requestLogSearchBench(server: { dynamoEndpoint: string; tableName: string }): Promise<void> {
  process.env[ENV.dynamoEndpoint] = server.dynamoEndpoint;
  process.env[ENV.tableName] = server.tableName;
  process.env[ENV.localMode] = '1';
  const { keys } = await import('#functions/plumbing/keys.ts');
  const { dayStartMs } = await import('#shared/rules/business-time.ts');
  const { parseLogSearch } = await import('#shared/logs/search.ts');
  const { searchRequestLogs } = await import('#functions/storage/request-logs.ts');
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: server.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );

  const start = dayStartMs(DAY);
  const itemAt = (i: number) => {
    const date = new Date(start + Math.floor((i / RECORDS) * 86_400_000));
    const status = i % 200 === 0 ? 500 : STATUSES[i % STATUSES.length]!;
    const id = randomUUID();
    const user = { id: 1000 + (i % 5000), email: `bench.${i % 5000}@logs.bench` };
    return {
      ...keys.requestLog(date, id),
      ...keys.requestLogByUser(user.id, date),
      ...keys.requestLogByStatus(date, status, id),
      path: `/api/tickets/${i % 997}`,
      route: 'GET /api/tickets/{id}',
      method: 'GET',
      response_status: status,
      params: { id: String(i % 997) },
      query: {},
      body: {},
      req_date: date.toISOString(),
      request_time: 5 + (i % 300),
      user,
      ip: '192.0.2.1',
      logs: [],
    };
  };

  let t0 = performance.now();
  let next = 0;
  const writer = async () => {
    while (next < RECORDS) {
      const first = next;
      next = Math.min(RECORDS, next + 25);
      let items: Record<string, unknown>[] = Array.from({ length: next - first }, (_, j) => itemAt(first + j));
      while (items.length) {
        const out = await client.send(new BatchWriteCommand({ RequestItems: { [server.tableName]: items.map((Item) => ({ PutRequest: { Item } })) } }));
        items = (out.UnprocessedItems?.[server.tableName] ?? []).map((r) => r.PutRequest!.Item!);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
  const writeSeconds = (performance.now() - t0) / 1000;
  console.log(`\nRequest-log search: wrote ${RECORDS.toLocaleString('en')} records of one day in ${fmt(writeSeconds, 1)} s (${fmt(RECORDS / writeSeconds, 0)} records/s, BatchWrite 25 × 16 in flight).`);

  const parsed = parseLogSearch(`date:${DAY} status:500`, DAY);
  if (!parsed.ok) throw new Error('bench search refused');
  const search: number[] = [];
  let found = 0;
  for (let i = 0; i < SEARCHES; i++) {
    t0 = performance.now();
    const page = await searchRequestLogs(parsed.search, { direction: 'desc', pageSize: 50, skip: 0, budget: 2_000, now: Date.now() });
    search.push(performance.now() - t0);
    found = page.logs.length;
  }
  const sample = itemAt(0);
  const raw: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    t0 = performance.now();
    await client.send(new GetCommand({ TableName: server.tableName, Key: { pk: sample.pk, sk: sample.sk } }));
    raw.push(performance.now() - t0);
  }
  const s = summarize(search, 1);
  const r = summarize(raw, 1);
  console.table({
    'raw DynamoDB Local GetItem': { 'p50 ms': fmt(r.p50), 'p99 ms': fmt(r.p99) },
    [`one-day status:500 search, first page (${found} rows)`]: { 'p50 ms': fmt(s.p50), 'p99 ms': fmt(s.p99) },
  });
  const ratio = s.p50 / r.p50;
  console.log(`search p50 / GetItem p50 = ${fmt(ratio)} (target ≤ 5) ${ratio <= 5 ? 'OK' : 'MISSED'}`);
  client.destroy();
}
