import '../local/quiet-sdk.ts';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../local/stack.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { Role } from '#shared/roles.ts';
import { httpLoad } from './http-load.ts';
import { rawGetItemLoad } from './dynamo-load.ts';
import { coldStartBench, printColdStart } from './cold-start.ts';
import { startHelper } from '../local/helper-process.ts';
import { firstLoadSizes, kb, lambdaBundleSizes, routeChunkSizes } from './sizes.ts';
import { fmt } from './stats.ts';
import { uploadBench } from './upload.ts';
import { usersListBench } from './users-list.ts';
import { requestLogSearchBench } from './request-log-search.ts';
import { providerImportBench } from './provider-import.ts';
import { courtiersPageBench } from './courtiers-page.ts';
import { listingSearchBench } from './listing-search.ts';
import { reviewScreenBench } from './review-screen.ts';
import { plannerBoardBench } from './planner-board.ts';
import { videoRenderBench } from './video-render.ts';

/**
 * npm run bench: figures from one run against the local stack (not part of the tests).
 * The stack runs in a child process so the load generator does not share its event loop.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

async function main(): Promise<void> {
  console.log('Building Lambda bundles and the web app…');
  run('npx', ['tsx', 'scripts/bundle-functions.ts']);
  run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);

  // The stack in its own process group: stopping it stops its emulators too.
  const server = await startHelper<{ url: string; dynamoEndpoint: string; s3Endpoint: string; tableName: string }>('scripts/local/stack-process.ts');
  const info = server.info;
  try {
    const broker = demoAccount(Role.broker);
    const loginBody = JSON.stringify({ email: broker.email, password: DEMO_PASSWORD });
    const login = await fetch(`${info.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
    const { token } = (await login.json()) as { token: string };
    const { createHash } = await import('node:crypto');
    const sessionKey = { pk: `SESSION#${createHash('sha256').update(token).digest('base64url')}`, sk: 'SESSION' };

    // The demo provider file imports in the background from the start: wait for it before any load.
    await providerImportBench(info);
    console.log(`\nLoad: ${CONNECTIONS} concurrent connections, ${SECONDS} s each.`);
    const raw = await rawGetItemLoad({ endpoint: info.dynamoEndpoint, tableName: info.tableName, key: sessionKey, concurrency: CONNECTIONS, seconds: SECONDS });
    const read = await httpLoad({ url: `${info.url}/api/session/me`, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, seconds: SECONDS });
    const logins = await httpLoad({ url: `${info.url}/api/session/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody, connections: CONNECTIONS, seconds: SECONDS });

    console.table({
      'raw DynamoDB Local GetItem': { 'p50 ms': fmt(raw.p50), 'p99 ms': fmt(raw.p99), 'req/s': fmt(raw.rps, 0), errors: 0 },
      'authenticated read (GET /api/session/me)': { 'p50 ms': fmt(read.p50), 'p99 ms': fmt(read.p99), 'req/s': fmt(read.rps, 0), errors: read.non2xx },
      'login (scrypt N=2^17)': { 'p50 ms': fmt(logins.p50), 'p99 ms': fmt(logins.p99), 'req/s': fmt(logins.rps, 1), errors: logins.non2xx },
    });
    const ratio = read.p50 / raw.p50;
    console.log(`authenticated read p50 / raw GetItem p50 = ${fmt(ratio)} (target ≤ 3) ${ratio <= 3 ? 'OK' : 'MISSED'}`);

    await usersListBench(info);
    await requestLogSearchBench(info);
    await courtiersPageBench(info);
    await listingSearchBench(info);
    await reviewScreenBench(info);
    await plannerBoardBench(info);
    await videoRenderBench();
  } finally {
    await server.stop();
  }

  const bundles = lambdaBundleSizes(join(ROOT, 'dist/functions/manifest.json')).sort((a, b) => a.bytes - b.bytes);
  const largest = bundles.at(-1)!;
  const median = bundles[Math.floor(bundles.length / 2)]!;
  console.log(`\nLambda bundles (${bundles.length}, minified): largest ${largest.id} ${kb(largest.bytes)} (target ≤ 250 KB) ${largest.bytes <= 250 * 1024 ? 'OK' : 'MISSED'}; median ${kb(median.bytes)}`);

  const web = firstLoadSizes(join(ROOT, 'web/dist'));
  console.log(`Web first load (gzip): JS ${kb(web.jsGzip)} (target ≤ 170 KB) ${web.jsGzip <= 170 * 1024 ? 'OK' : 'MISSED'}, CSS ${kb(web.cssGzip)}`);
  const [largestRoute] = routeChunkSizes(join(ROOT, 'web/dist'));
  console.log(`Web largest route chunk (gzip, beyond the first load): ${largestRoute?.file ?? 'none'} ${kb(largestRoute?.jsGzip ?? 0)}`);

  printColdStart(coldStartBench());

  await uploadBench();
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
