import '../local/quiet-sdk.ts';
import { ENV } from '#shared/data/design.ts';
import { fmt } from './stats.ts';

/**
 * The import of the demo provider file (issue 14, ADR 0220): the stack's seed drops it on start and
 * the bucket event imports it in the background; this waits for that import's record and prints its
 * rows per second, then runs the automatic MLS matching (ADR 0221) of our listings against it and
 * prints matched / ambiguous / unmatched. Run it before the load benches: the import would
 * otherwise share the machine with them. Prints figures; asserts nothing.
 */
const DEMO_KEY = 'provider-imports/demo-centris.jsonl';
const TIMEOUT_MS = Number(process.env.BENCH_PROVIDER_IMPORT_TIMEOUT_S ?? 3600) * 1000;

export function useStackEnv(server: { dynamoEndpoint: string; s3Endpoint?: string; tableName: string }): void {
  process.env[ENV.dynamoEndpoint] = server.dynamoEndpoint;
  if (server.s3Endpoint) process.env[ENV.s3Endpoint] = server.s3Endpoint;
  process.env[ENV.tableName] = server.tableName;
  process.env[ENV.localMode] = '1';
}

export async function providerImportBench(server: { dynamoEndpoint: string; s3Endpoint: string; tableName: string }): Promise<void> {
  useStackEnv(server);
  const { latestImports } = await import('#functions/storage/provider-imports.ts');
  const { providerState } = await import('#functions/storage/provider-records.ts');
  const { inBatches, matchListing, recentListings } = await import('#functions/use-cases/provider-reports.ts');

  const until = Date.now() + TIMEOUT_MS;
  let run = (await latestImports()).find((i) => i.key === DEMO_KEY);
  while (!run || run.status === 'running') {
    if (Date.now() > until) throw new Error(`the import of ${DEMO_KEY} did not finish in ${TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 2000));
    run = (await latestImports()).find((i) => i.key === DEMO_KEY);
  }
  if (run.status !== 'imported') throw new Error(`the demo provider import ended ${run.status}: ${JSON.stringify(run.errors.slice(0, 3))}`);
  const seconds = (Date.parse(run.finished_at!) - Date.parse(run.started_at)) / 1000;
  const c = run.counts!;
  console.log(
    `\nProvider import of the demo file (${run.rows.toLocaleString('en')} rows: ${c.banners} banners, ${c.franchises.toLocaleString('en')} franchises, ${c.brokers.toLocaleString('en')} brokers, ${c.listings.toLocaleString('en')} listings): ` +
      `${fmt(seconds, 1)} s from the drop to the switch, ${fmt(run.rows / seconds, 0)} rows/s (validate, compute the report figures, write the generation, switch).`,
  );

  const state = (await providerState(true))!;
  const listings = await recentListings();
  const counts = { matched: 0, ambiguous: 0, unmatched: 0 };
  const t0 = performance.now();
  const outcomes = await inBatches(listings, 10, async (l) => ({ l, outcome: await matchListing(state.generation, l) }));
  for (const { outcome } of outcomes) counts[outcome.kind]++;
  console.log(`MLS match-making on the demo data (${listings.length} recent listings, ${fmt(performance.now() - t0, 0)} ms): ${counts.matched} matched, ${counts.ambiguous} ambiguous, ${counts.unmatched} unmatched.`);
  for (const { l, outcome } of outcomes) {
    const what = outcome.kind === 'matched' ? `${outcome.record.mls} ${outcome.record.civic_number_start} ${outcome.record.street}${outcome.record.appartement ? ` (${outcome.record.appartement})` : ''}` : outcome.kind === 'ambiguous' ? `${outcome.candidates.length} candidates` : '';
    console.log(`  ${outcome.kind.padEnd(9)} ${l.address}${l.app ? `, ${l.app}` : ''}, ${l.city}  ${what}`);
  }
}

/**
 * `npx tsx scripts/bench/provider-import.ts`: these figures alone, on a stack of their own (the
 * demo file at PROVIDER_DEMO_SCALE, default 1: Quebec scale), then the Courtiers page and, with
 * BENCH_LOG_RECORDS set, the request-log search.
 */
async function main(): Promise<void> {
  const [{ startHelper }, { courtiersPageBench }, { requestLogSearchBench }] = await Promise.all([import('../local/helper-process.ts'), import('./courtiers-page.ts'), import('./request-log-search.ts')]);
  const started = Date.now();
  const server = await startHelper<{ url: string; dynamoEndpoint: string; s3Endpoint: string; tableName: string }>('scripts/local/stack-process.ts');
  console.log(`stack started and seeded in ${fmt((Date.now() - started) / 1000, 1)} s`);
  try {
    await providerImportBench(server.info);
    await courtiersPageBench(server.info);
    if (process.env.BENCH_LOG_RECORDS) await requestLogSearchBench(server.info);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
