import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../local/stack.ts';
import { deployedBuild, median, sample, withLoaderAndEmptyHandler, type Sample } from './cold-start.ts';
import { fmt } from './stats.ts';

/**
 * A/B of the cold start of a few bundles across builds (ADR 0380), e.g. the SDK external (the
 * runtime's copy) against bundled in: every round spawns the empty handler, then each chosen bundle
 * of each build, so load drifts hit all of them alike. Same sample as cold-start.ts (fresh
 * node process, spawn to exit, plus the in-process import figure). A build deployed with Node
 * options names them after its manifest, comma-separated: `before=<manifest>@--enable-source-maps`.
 *
 *   npx tsx scripts/bench/cold-start-ab.ts <name>=<manifest>[@<flags>] [<name>=<manifest> …]
 *   BENCH_COLD_IDS=logout,getAllTickets BENCH_COLD_RUNS=8
 *
 * Builds other than dist/functions come from bundleFunctions({ outDir, bundleAwsSdk }). Each is laid
 * out as Lambda holds it (deployedBuild): a build without an SDK layer loads node_modules' SDK,
 * the stand-in for the runtime's.
 */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 8);
const IDS = (process.env.BENCH_COLD_IDS ?? 'logout,getAllTickets,getHMDsByUserId,getListingPictures,createShooting').split(',');

const args = process.argv.slice(2).map((arg) => arg.split('=') as [string, string]);
if (args.length === 0) throw new Error('usage: cold-start-ab.ts <name>=<manifest> …');

withLoaderAndEmptyHandler(({ dir, loader, empty }) => {
  const builds = args.map(([name, spec]) => {
    const [manifest, flags] = spec.split('@') as [string, string | undefined];
    return { name, flags: flags ? flags.split(',') : [], ...deployedBuild(resolve(ROOT, manifest), join(dir, name)) };
  });
  const samples = new Map<string, Sample[]>();
  const push = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);
  for (let i = 0; i < RUNS; i++) {
    push('(empty handler)', sample(loader, empty, builds[0]!.nodePath));
    for (const id of IDS) for (const b of builds) push(`${id} [${b.name}]`, sample(loader, b.files.get(id) ?? '', b.nodePath, b.flags));
  }
  const emptyWall = median(samples.get('(empty handler)')!.map((s) => s.wallMs));
  console.log(`\nCold start A/B, median of ${RUNS} alternating runs; /proc/loadavg at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  console.table(
    Object.fromEntries(
      [...samples].map(([key, s]) => {
        const wall = median(s.map((x) => x.wallMs));
        return [key, { 'process ms': fmt(wall, 1), 'import ms': fmt(median(s.map((x) => x.importMs)), 1), '× empty': fmt(wall / emptyWall) }];
      }),
    ),
  );
});
