import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { Role } from '#shared/roles.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { useStackEnv } from './provider-import.ts';
import { fmt, summarize } from './stats.ts';

/**
 * A Courtiers page (screen 9) sorted by listing count over the demo provider data (ADRs 0220 and
 * 0480: the state, then one or two stored pages), one call at a time: the use-case in this process
 * and the whole operation through HTTP (session, handler, request log), beside raw GetItem in the
 * same run. Needs the provider import done (providerImportBench first).
 * Prints figures; asserts nothing.
 */
const CALLS = Number(process.env.BENCH_COURTIERS_CALLS ?? 200);

export async function courtiersPageBench(server: { url: string; dynamoEndpoint: string; tableName: string }): Promise<void> {
  useStackEnv(server);
  const { keys } = await import('#functions/plumbing/keys.ts');
  const { providerState } = await import('#functions/storage/provider-records.ts');
  const { brokerPage } = await import('#functions/use-cases/provider-reports.ts');
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: server.dynamoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const admin = demoAccount(Role.admin);
  const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };

  const state = await providerState();
  if (!state) throw new Error('no provider data: run providerImportBench first');
  const scope = { sortColumn: 'count', sortDir: 'desc' } as const;
  const pages = Math.max(1, Math.floor(state.counts.brokers / 50));
  const time = async (fn: (i: number) => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await fn(i);
      out.push(performance.now() - t0);
    }
    return summarize(out, 1);
  };
  // Pages spread over the whole list, as the infinite scroll reads them.
  const offset = (i: number) => ((i * 37) % pages) * 50;
  let rows = 0;
  const useCase = await time(async (i) => {
    const s = await providerState();
    rows = (await brokerPage(s!, scope, offset(i), 50)).data.length;
  });
  const http = await time(async (i) => {
    const res = await fetch(`${server.url}/api/provider/brokers?sortColumn=count&sortDir=desc&offset=${offset(i)}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`Courtiers page answered ${res.status}`);
    await res.arrayBuffer();
  });
  const raw = await time(() => client.send(new GetCommand({ TableName: server.tableName, Key: keys.providerState })));
  console.table({
    'raw DynamoDB Local GetItem': { 'p50 ms': fmt(raw.p50), 'p99 ms': fmt(raw.p99) },
    [`Courtiers page by listing count, use-case (${rows} of ${state.counts.brokers.toLocaleString('en')} brokers)`]: { 'p50 ms': fmt(useCase.p50), 'p99 ms': fmt(useCase.p99) },
    'Courtiers page, GET /api/provider/brokers (session, request log)': { 'p50 ms': fmt(http.p50), 'p99 ms': fmt(http.p99) },
  });
  const ratio = useCase.p50 / raw.p50;
  console.log(`Courtiers page p50 / GetItem p50 = ${fmt(ratio)} (target ≤ 5) ${ratio <= 5 ? 'OK' : 'MISSED'}; through HTTP ${fmt(http.p50 / raw.p50)}`);
  client.destroy();
}
