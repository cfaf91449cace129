import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../local/stack.ts';
import { lambdaBundleSizes } from './sizes.ts';
import { fmt } from './stats.ts';

/**
 * A/B of the cold start of a few bundles across builds (ADR 0380), e.g. the SDK external (the
 * runtime's copy) against bundled in: every round spawns the empty handler, then each chosen bundle
 * of each build, so load drifts hit all of them alike. Same sample as cold-start.ts (fresh
 * node --enable-source-maps process, spawn to exit, plus the in-process import figure).
 *
 *   npx tsx scripts/bench/cold-start-ab.ts <name>=<manifest> [<name>=<manifest> …]
 *   BENCH_COLD_IDS=logout,getAllTickets BENCH_COLD_RUNS=8
 *
 * Builds other than dist/functions come from bundleFunctions({ outDir, bundleAwsSdk }) with an
 * outDir inside the repository (so an external @aws-sdk resolves from node_modules).
 */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 8);
const IDS = (process.env.BENCH_COLD_IDS ?? 'logout,getAllTickets,getHMDsByUserId,getListingPictures,createShooting').split(',');

const LOADER = `const started = performance.now();
await import(process.argv[2]);
process.stdout.write(String(performance.now() - started));
`;

function sample(loader: string, file: string): { wallMs: number; importMs: number } {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--enable-source-maps', loader, pathToFileURL(file).href], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', AWS_REGION: 'ca-central-1' } });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`loading ${file} failed: ${r.stderr}`);
  return { wallMs, importMs: Number(r.stdout) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const builds = process.argv.slice(2).map((arg) => {
  const [name, manifest] = arg.split('=') as [string, string];
  const files = new Map(lambdaBundleSizes(resolve(ROOT, manifest)).map((b) => [b.id, resolve(ROOT, b.file)]));
  return { name, files };
});
if (builds.length === 0) throw new Error('usage: cold-start-ab.ts <name>=<manifest> …');

const dir = mkdtempSync(join(tmpdir(), 'cold-ab-'));
try {
  const loader = join(dir, 'loader.mjs');
  const empty = join(dir, 'empty.mjs');
  writeFileSync(loader, LOADER);
  writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
  const samples = new Map<string, { wallMs: number; importMs: number }[]>();
  const push = (key: string, s: { wallMs: number; importMs: number }) => samples.set(key, [...(samples.get(key) ?? []), s]);
  for (let i = 0; i < RUNS; i++) {
    push('(empty handler)', sample(loader, empty));
    for (const id of IDS) for (const b of builds) push(`${id} [${b.name}]`, sample(loader, b.files.get(id) ?? ''));
  }
  const emptyWall = median(samples.get('(empty handler)')!.map((s) => s.wallMs));
  console.log(`\nCold start A/B, median of ${RUNS} alternating runs; /proc/loadavg at the end: see below`);
  console.table(
    Object.fromEntries(
      [...samples].map(([key, s]) => {
        const wall = median(s.map((x) => x.wallMs));
        return [key, { 'process ms': fmt(wall, 1), 'import ms': fmt(median(s.map((x) => x.importMs)), 1), '× empty': fmt(wall / emptyWall) }];
      }),
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
