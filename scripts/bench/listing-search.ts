import '../local/quiet-sdk.ts';
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ENV } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { fieldsOf, visitOf, VISITED_EVERY } from './listing-search-fields.ts';
import { fmt, summarize } from './stats.ts';

/**
 * Listing search at a real business's volume (issue 13, ADRs 0200, 0300, 0345, 0365): 50,000
 * listings are written into the running stack through the listing storage (listing items and their
 * search-block entries), one in VISITED_EVERY gets a visit through the visit recording path, then
 * an administrator's typed queries run one after the other, interleaved in every round: a raw
 * GetItem of a listing, the use-case in this process (searchListingPage, against the same DynamoDB
 * Local: what the target is judged on), the same search through HTTP (GET /api/listings: session
 * read, handler, request log) and an authenticated no-op through HTTP (GET /api/session/me: the
 * HTTP floor). The first round (empty caches, in this process and in the stack's) is reported apart
 * from the warm rounds. Prints figures; asserts nothing.
 * Needs the stack of ../local/stack-process.ts. BENCH_LISTINGS_FIRST_ID: the listings of an earlier run in the
 * same stack (its printed first id) are searched again, none written. Run alone with
 * BENCH_STACK_FILE (a JSON file: url, dynamoEndpoint, tableName, firstId, written): that stack's listings.
 */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40);
const WRITE_BATCH = 250;

/** The queries an office types (after the 500 ms pause): civic number and street, a broker, an MLS number, a street and city, an id, a month's shootings; and the MLS screen's 'mls:null'. */
const QUERIES = ['4821 sherbrooke', 'lapiniere brossard', 'bouchard', '2713', 'christophe colomb montreal', '17001234', 'gouin 12', 'du:2026-11-01 au:2026-11-30', 'mls:null'];

/** The machine's load average (1, 5, 15 min) beside the figures: they mean little without it. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export async function listingSearchBench(server: { url: string; dynamoEndpoint: string; tableName: string }, listings = LISTINGS): Promise<{ firstId: number }> {
  process.env[ENV.dynamoEndpoint] = server.dynamoEndpoint;
  process.env[ENV.tableName] = server.tableName;
  process.env[ENV.localMode] = '1';
  const { insertListings } = await import('#functions/storage/listings.ts');
  const { recordVisit } = await import('#functions/storage/visits.ts');
  const { searchListingPage } = await import('#functions/use-cases/listing-search.ts');
  const { configureListingSearchCache, listingSearchCacheStats } = await import('#functions/storage/listing-search-cache.ts');
  // BENCH_SEARCH_CACHE_BYTES=0: this process's searches read the blocks every time (the code before ADR 0365, plus one clock read).
  if (process.env.BENCH_SEARCH_CACHE_BYTES) configureListingSearchCache({ maxBytes: Number(process.env.BENCH_SEARCH_CACHE_BYTES) });
  const { parseListingSearch } = await import('#shared/rules/listing-search.ts');

  const started = performance.now();
  let next = process.env.BENCH_LISTINGS_FIRST_ID ? listings : 0;
  let firstId = Number(process.env.BENCH_LISTINGS_FIRST_ID ?? 0);
  // Through the listing storage, WRITE_BATCH listings at a time (their search blocks written once per batch); visits through recordVisit.
  const worker = async () => {
    while (next < listings) {
      const from = next;
      next = Math.min(listings, next + WRITE_BATCH);
      const written = await insertListings(Array.from({ length: next - from }, (_v, k) => fieldsOf(from + k)));
      firstId = Math.min(firstId || Infinity, ...written.map((l) => l.id));
      for (const [k, l] of written.entries()) if ((from + k) % VISITED_EVERY === 0) await recordVisit(visitOf(from + k, l.id));
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  if (!process.env.BENCH_LISTINGS_FIRST_ID) console.log(`\nListing search: ${listings.toLocaleString('en')} listings written with their search blocks in ${fmt((performance.now() - started) / 1000, 0)} s (first id ${firstId}).`);

  const admin = demoAccount(Role.admin);
  const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: server.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const loadBefore = loadAverage();
  const measures = ['getItem', 'useCase', 'http', 'floor'] as const;
  const warm = Object.fromEntries(measures.map((m) => [m, [] as number[]])) as Record<(typeof measures)[number], number[]>;
  const cold: Record<string, { useCase: number; http: number; warmUseCase: number[] }> = {};
  const counts = new Map<string, number>();
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  // The screen's first load (no words, ADR 0440), timed apart in every round: it is not a typed search.
  const noWords = { useCase: [] as number[], http: [] as number[] };
  const empty = parseListingSearch('');
  if (!empty.ok) throw new Error(empty.message);
  let emptyCount = 0;
  // Interleaved, one call at a time: all four measured under the same conditions of the same run.
  for (let round = 0; round < ROUNDS; round++) {
    noWords.useCase.push(await time(async () => void (emptyCount = (await searchListingPage(empty.search, false)).count)));
    noWords.http.push(
      await time(async () => {
        const res = await fetch(`${server.url}/api/listings?search=`, { headers });
        const body = (await res.json()) as { count: number };
        if (res.status !== 200 || body.count !== emptyCount) throw new Error(`search without words: ${res.status}, ${body.count} through HTTP, ${emptyCount} in process`);
      }),
    );
    for (const q of QUERIES) {
      const parsed = parseListingSearch(q);
      if (!parsed.ok) throw new Error(parsed.message);
      const getItem = await time(() => client.send(new GetCommand({ TableName: server.tableName, Key: { pk: `LISTING#${firstId + ((round * 97) % listings)}`, sk: 'LISTING' } })));
      let count = 0;
      const useCase = await time(async () => void (count = (await searchListingPage(parsed.search, false)).count));
      const http = await time(async () => {
        const res = await fetch(`${server.url}/api/listings?search=${encodeURIComponent(q)}`, { headers });
        const body = (await res.json()) as { count: number };
        if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
        if (body.count !== count) throw new Error(`search ${q}: ${body.count} through HTTP, ${count} in process`);
      });
      const floor = await time(async () => {
        const res = await fetch(`${server.url}/api/session/me`, { headers });
        if (res.status !== 200) throw new Error(`session/me: ${res.status}`);
        await res.arrayBuffer();
      });
      counts.set(q, count);
      if (round === 0) {
        cold[q] = { useCase, http, warmUseCase: [] };
        warm.getItem.push(getItem);
        warm.floor.push(floor);
      } else {
        warm.getItem.push(getItem);
        warm.useCase.push(useCase);
        warm.http.push(http);
        warm.floor.push(floor);
        cold[q]!.warmUseCase.push(useCase);
      }
    }
  }
  client.destroy();
  const load = `${loadBefore} → ${loadAverage()}`;
  const s = Object.fromEntries(measures.map((m) => [m, summarize(warm[m], 1)])) as Record<(typeof measures)[number], ReturnType<typeof summarize>>;
  const coldUseCase = summarize(Object.values(cold).map((c) => c.useCase), 1);
  const coldHttp = summarize(Object.values(cold).map((c) => c.http), 1);
  console.log(`\nListing search over ${listings.toLocaleString('en')} bench listings (first id ${firstId}), ${ROUNDS} rounds × ${QUERIES.length} queries, load ${load}`);
  console.table({
    'raw DynamoDB Local GetItem (listing)': { 'p50 ms': fmt(s.getItem.p50), 'p99 ms': fmt(s.getItem.p99), calls: s.getItem.count },
    'typed search, use-case in process (warm)': { 'p50 ms': fmt(s.useCase.p50), 'p99 ms': fmt(s.useCase.p99), calls: s.useCase.count },
    'typed search, GET /api/listings (warm)': { 'p50 ms': fmt(s.http.p50), 'p99 ms': fmt(s.http.p99), calls: s.http.count },
    'HTTP floor, GET /api/session/me': { 'p50 ms': fmt(s.floor.p50), 'p99 ms': fmt(s.floor.p99), calls: s.floor.count },
    'typed search, use-case, first round (cold)': { 'p50 ms': fmt(coldUseCase.p50), 'p99 ms': fmt(coldUseCase.p99), calls: coldUseCase.count },
    'typed search, GET /api/listings, first round (cold)': { 'p50 ms': fmt(coldHttp.p50), 'p99 ms': fmt(coldHttp.p99), calls: coldHttp.count },
  });
  console.table(Object.fromEntries(QUERIES.map((q) => [q, { matches: counts.get(q), 'cold use-case ms': fmt(cold[q]!.useCase), 'cold HTTP ms': fmt(cold[q]!.http), 'warm use-case p50 ms': fmt(summarize(cold[q]!.warmUseCase, 1).p50) }])));
  const [emptyWarm, emptyHttpWarm] = [summarize(noWords.useCase.slice(1), 1), summarize(noWords.http.slice(1), 1)];
  console.log(
    `no words (the screen's first load, ${emptyCount.toLocaleString('en')} matches): use-case first ${fmt(noWords.useCase[0]!)} ms, then p50 ${fmt(emptyWarm.p50)} / p99 ${fmt(emptyWarm.p99)} ms; ` +
      `GET /api/listings?search= first ${fmt(noWords.http[0]!)} ms, then p50 ${fmt(emptyHttpWarm.p50)} / p99 ${fmt(emptyHttpWarm.p99)} ms`,
  );
  console.log(`cache in this process: ${JSON.stringify(listingSearchCacheStats())}`);
  const ratio = s.useCase.p50 / s.getItem.p50;
  console.log(`typed search use-case p50 / raw GetItem p50 = ${fmt(ratio)} (target ≤ 3) ${ratio <= 3 ? 'OK' : 'MISSED'}; through HTTP ${fmt(s.http.p50 / s.getItem.p50)}, HTTP floor ${fmt(s.floor.p50 / s.getItem.p50)} (load ${load})`);
  return { firstId };
}

if (process.env.BENCH_STACK_FILE && import.meta.url === `file://${process.argv[1]}`) {
  const stack = JSON.parse(readFileSync(process.env.BENCH_STACK_FILE, 'utf8')) as { url: string; dynamoEndpoint: string; tableName: string; firstId: number; written: number };
  process.env.BENCH_LISTINGS_FIRST_ID = String(stack.firstId);
  await listingSearchBench(stack, stack.written);
  process.exit(0);
}
