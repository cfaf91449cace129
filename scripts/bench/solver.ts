/**
 * npm run bench:solver [-- --budget 2] [--instances C101,R201] [--long] [--seed 1]
 *                      [--no-montreal] [--no-solomon] [--no-load-check] [--load-procs 2]
 *                      [--montreal-long 10] [--big-day 1000] [--big-day-effort 20] [--no-small-day] [--calibrate]
 *                      [--t0 1] [--tf 0.03] [--cbar 10] [--lmax 10] [--blink 0.01]
 *                      [--split 0.5] [--regret 0] [--ejection 0]
 *                      [--absent-seed 0.5] [--absent-sample 16] [--granular 40] [--local-search 0|1]
 *                      [--warm-penalty 1] [--warm-phase 0.7] (search overrides, all benches)
 *                      [--safety-s 3600] (wall-clock safety stop of every solve, for a very loaded machine)
 *                      [--vroom /path/to/vroom] (or env VROOM_BIN: VROOM itself beside ours, `-x 5 -t 1`)
 *
 * Budgets are search effort in seconds of a quiet machine (a work budget, docs/decisions/0105):
 * the figures do not depend on the machine's load, only the wall time does.
 *
 * 1. The 56 Solomon VRPTW instances (../shared/bench/vrptw, conventions of its README):
 *    distance gap to the best-known distance-only value, per instance and per class, at the
 *    short budget (default 2 s per instance, parsing included) and, with --long, at 10 s.
 *    An instance that leaves a customer unserved or has an infeasible route is FAILED: it is
 *    counted and left out of the average (its distance would flatter it).
 * 2. Load check: a few instances solved on the quiet machine and again beside `--load-procs`
 *    busy processes (each ends by itself, and is killed at the end); the figures must agree.
 * 3. Generated Montreal-area days (150 shootings short vs long, and a 1,000-shooting day), each
 *    with VROOM-comparable figures (the plan measured in `dayToVroom`'s matrices and units).
 * With `--vroom` (or VROOM_BIN), the VROOM binary solves every Solomon instance and every day
 * too (scripts/bench/vroom-run.ts), printed beside ours in the same units.
 * The whole process's wall and CPU time close the report.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { solveInstance, WORK_UNITS_PER_MS, type SearchOptions } from '#shared/planning/engine/sisr.ts';
import { evaluateRoute } from '#shared/planning/engine/schedule.ts';
import { findBenchDir, parseSolomon, solomonToInstance, solomonToVroom } from './solver-lib.ts';
import { runVroom, vroomBinFrom } from './vroom-run.ts';
import { BIG_DAY_EFFORT_S, runMontrealBench } from './solver-montreal.ts';

const processStart = performance.now();
const PARSE_ALLOWANCE_MS = 20;
/**
 * The bench's wall-clock safety stop, × effort: generous, so that the figures stay the engine's
 * even on a heavily shared machine (a run cut by it is flagged 'safety stop').
 */
const SAFETY_FACTOR = 60;

interface Args {
  budgets: number[];
  instances: string[] | null;
  seed: number;
  solomon: boolean;
  montreal: boolean;
  loadCheck: boolean;
  loadProcs: number;
  montrealLong: number;
  bigDay: number;
  bigDayEffortS: number;
  smallDay: boolean;
  calibrate: boolean;
  /** The VROOM binary to run beside ours (--vroom or VROOM_BIN), else null. */
  vroom: string | null;
  /** Search parameter overrides for tuning (--t0, --tf, --cbar, --lmax, --blink). */
  search: SearchOptions;
}

type NumericSearchOption = { [K in keyof SearchOptions]-?: NonNullable<SearchOptions[K]> extends number ? K : never }[keyof SearchOptions];

/** The search overrides that take a number, by flag. */
const SEARCH_FLAGS: Record<string, NumericSearchOption> = {
  '--t0': 't0',
  '--tf': 'tf',
  '--cbar': 'avgRemoved',
  '--lmax': 'maxString',
  '--restart-idle': 'restartIdle',
  '--blink': 'blinkRate',
  '--split': 'splitDepth',
  '--regret': 'regret',
  '--ejection': 'ejection',
  '--absent-seed': 'absentSeed',
  '--absent-sample': 'absentSample',
  '--granular': 'granular',
  '--warm-penalty': 'warmPenalty',
  '--warm-phase': 'warmPhase',
};

function parseArgs(argv: string[]): Args {
  const args: Args = {
    budgets: [2],
    instances: null,
    seed: 1,
    solomon: true,
    montreal: true,
    loadCheck: true,
    loadProcs: 2,
    montrealLong: 10,
    bigDay: 1000,
    bigDayEffortS: BIG_DAY_EFFORT_S,
    smallDay: true,
    calibrate: false,
    vroom: vroomBinFrom(argv),
    search: {},
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => argv[++i] ?? '';
    // A flag's value that is not a number stops the bench: NaN would turn the setting off unseen.
    const num = () => {
      const text = next();
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`${a} takes a number, not "${text}"`);
      return value;
    };
    if (a === '--budget') args.budgets = next().split(',').map(Number);
    else if (a === '--long') args.budgets = [2, 10];
    else if (a === '--instances') args.instances = next().split(',').map((s) => s.trim().toUpperCase());
    else if (a === '--seed') args.seed = num();
    else if (a === '--no-montreal') args.montreal = false;
    else if (a === '--no-solomon') args.solomon = false;
    else if (a === '--no-load-check') args.loadCheck = false;
    else if (a === '--load-procs') args.loadProcs = Math.max(1, Math.min(8, num()));
    else if (a === '--montreal-long') args.montrealLong = num();
    else if (a === '--big-day') args.bigDay = num();
    else if (a === '--big-day-effort') args.bigDayEffortS = num();
    else if (a === '--no-small-day') args.smallDay = false;
    else if (a === '--calibrate') args.calibrate = true;
    else if (Object.hasOwn(SEARCH_FLAGS, a)) args.search[SEARCH_FLAGS[a]!] = num();
    else if (a === '--local-search') args.search.localSearch = num() !== 0;
    else if (a === '--safety-s') args.search.timeLimitMs = num() * 1000;
    else if (a === '--vroom') next();
    else throw new Error(`unknown flag ${a} (the list is at the top of scripts/bench/solver.ts)`);
  }
  if (args.budgets.some((b) => !(b > 0))) throw new Error('--budget takes positive seconds');
  return args;
}

interface Row {
  name: string;
  cls: string;
  budget: number;
  distance: number;
  bks: number;
  gap: number;
  seconds: number;
  cpuSeconds: number;
  vehicles: number;
  served: number;
  customers: number;
  feasible: boolean;
  iterations: number;
  safetyStop: boolean;
}

function classOf(name: string): string {
  const m = /^(RC|R|C)(\d)/.exec(name);
  return m ? `${m[1]}${m[2]}` : '?';
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

function loadBks(dir: string): Record<string, { best_known_cost: number }> {
  return JSON.parse(readFileSync(resolve(dir, 'BKS.json'), 'utf8')) as Record<string, { best_known_cost: number }>;
}

/** Solves one Solomon instance within `budget` seconds of effort, parsing included. */
function solveSolomon(dir: string, bks: Record<string, { best_known_cost: number }>, name: string, budget: number, seed: number, search: SearchOptions = {}): Row {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const s = parseSolomon(readFileSync(resolve(dir, 'solomon', `${name}.txt`), 'utf8'));
  const inst = solomonToInstance(s);
  // A fixed allowance for parsing and checking (measured at a few ms), so the effort stays deterministic.
  const effortMs = Math.max(1, budget * 1000 - PARSE_ALLOWANCE_MS);
  const res = solveInstance(inst, { timeLimitMs: effortMs * SAFETY_FACTOR, ...search, effortMs, seed });
  let distance = 0;
  let feasible = true;
  let vehicles = 0;
  let served = 0;
  res.routes.forEach((r, v) => {
    if (!r.length) return;
    vehicles++;
    served += r.length;
    const e = evaluateRoute(inst, v, r);
    distance += e.distance;
    if (!e.feasible) feasible = false;
  });
  if (res.unassigned.length > 0) feasible = false;
  const ref = bks[`${name}_distance`]?.best_known_cost ?? NaN;
  return {
    name,
    cls: classOf(name),
    budget,
    distance,
    bks: ref,
    gap: 100 * (distance / ref - 1),
    seconds: (performance.now() - t0) / 1000,
    cpuSeconds: cpuMs(c0) / 1000,
    vehicles,
    served,
    customers: inst.nJobs,
    feasible,
    iterations: res.iterations,
    safetyStop: res.stoppedBySafety,
  };
}

/** VROOM itself on one Solomon instance; its plan measured unrounded, as ours. */
function vroomSolomon(dir: string, bks: Record<string, { best_known_cost: number }>, name: string, bin: string): Row {
  const s = parseSolomon(readFileSync(resolve(dir, 'solomon', `${name}.txt`), 'utf8'));
  const inst = solomonToInstance(s);
  const run = runVroom(bin, solomonToVroom(s));
  let distance = 0;
  let feasible = run.unassigned === 0;
  for (const [id, jobs] of run.jobsByVehicle) {
    const e = evaluateRoute(inst, id - 1, jobs.map((j) => j - 1));
    distance += e.distance;
    if (!e.feasible) feasible = false;
  }
  const ref = bks[`${name}_distance`]?.best_known_cost ?? NaN;
  return {
    name,
    cls: classOf(name),
    budget: 0,
    distance,
    bks: ref,
    gap: 100 * (distance / ref - 1),
    seconds: run.wallS,
    cpuSeconds: run.cpuS,
    vehicles: run.routes,
    served: run.served,
    customers: inst.nJobs,
    feasible,
    iterations: 0,
    safetyStop: false,
  };
}

function vroomRowLine(r: Row): string {
  const flag = r.feasible ? '' : `  FAILED (served ${r.served}/${r.customers})`;
  return `  VROOM -x5 ${r.distance.toFixed(2).padStart(9)} ${''.padStart(11)} ${(r.feasible ? r.gap.toFixed(2) : '—').padStart(7)} ${r.seconds.toFixed(2).padStart(7)} ${r.cpuSeconds.toFixed(2).padStart(6)} ${String(r.vehicles).padStart(4)}${flag}`;
}

/** Ours beside VROOM's, per class: average gap to the best-known and average wall time. */
function summarizeVroom(ours: Row[], vroom: Row[]): void {
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log('\n-- ours beside VROOM -x 5 -t 1 (gaps to BKS distance; instances where both are feasible) --');
  console.log('class  n   ours gap%  VROOM gap%  ours wall s  VROOM wall s  ours cpu s  VROOM cpu s  ours better/equal/worse  failed ours/VROOM');
  for (const cls of ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2', 'ALL']) {
    const idx = ours.map((r, i) => i).filter((i) => cls === 'ALL' || ours[i]!.cls === cls);
    if (!idx.length) continue;
    const both = idx.filter((i) => ours[i]!.feasible && vroom[i]!.feasible);
    const cmp = (i: number) => Math.sign(Math.round(100 * ours[i]!.distance) - Math.round(100 * vroom[i]!.distance));
    console.log(
      `${cls.padEnd(5)} ${String(idx.length).padStart(2)} ${avg(both.map((i) => ours[i]!.gap)).toFixed(2).padStart(10)} ${avg(both.map((i) => vroom[i]!.gap)).toFixed(2).padStart(11)} ${avg(idx.map((i) => ours[i]!.seconds)).toFixed(2).padStart(12)} ${avg(idx.map((i) => vroom[i]!.seconds)).toFixed(2).padStart(13)} ${avg(idx.map((i) => ours[i]!.cpuSeconds)).toFixed(2).padStart(11)} ${avg(idx.map((i) => vroom[i]!.cpuSeconds)).toFixed(2).padStart(12)} ${`${both.filter((i) => cmp(i) < 0).length}/${both.filter((i) => cmp(i) === 0).length}/${both.filter((i) => cmp(i) > 0).length}`.padStart(24)} ${`${idx.filter((i) => !ours[i]!.feasible).length}/${idx.filter((i) => !vroom[i]!.feasible).length}`.padStart(18)}`,
    );
  }
}

function rowLine(r: Row): string {
  const flag = r.feasible ? '' : `  FAILED (served ${r.served}/${r.customers})`;
  return `${r.name.padEnd(9)} ${r.distance.toFixed(2).padStart(9)} ${r.bks.toFixed(2).padStart(11)} ${(r.feasible ? r.gap.toFixed(2) : '—').padStart(7)} ${r.seconds.toFixed(2).padStart(7)} ${r.cpuSeconds.toFixed(2).padStart(6)} ${String(r.vehicles).padStart(4)} ${String(r.iterations).padStart(8)}${r.safetyStop ? '  (safety stop)' : ''}${flag}`;
}

function solomonNames(dir: string, args: Args): string[] {
  return Object.keys(loadBks(dir))
    .filter((k) => !k.endsWith('_distance'))
    .filter((k) => !args.instances || args.instances.includes(k))
    .sort();
}

function runSolomon(args: Args): void {
  const dir = findBenchDir();
  const bks = loadBks(dir);
  const names = solomonNames(dir, args);
  for (const budget of args.budgets) {
    console.log(`\n== Solomon VRPTW, effort ${budget} s per instance incl. parsing (one core, seed ${args.seed}) ==`);
    console.log('instance   distance     BKS(dist)   gap%   wall s  cpu s  veh    iters');
    const rows: Row[] = [];
    const vroomRows: Row[] = [];
    for (const name of names) {
      const row = solveSolomon(dir, bks, name, budget, args.seed, args.search);
      rows.push(row);
      console.log(rowLine(row));
      if (args.vroom && budget === args.budgets[0]) {
        const v = vroomSolomon(dir, bks, name, args.vroom);
        vroomRows.push(v);
        console.log(vroomRowLine(v));
      }
    }
    summarize(rows, budget);
    if (vroomRows.length) summarizeVroom(rows, vroomRows);
  }
}

/**
 * Proven optimal distances of the one-decimal-truncated problem (Kohl, Larsen and Madsen; Chabrier:
 * 'CR+KLM' in the VROOM project's earlier BKS.json, entries `<NAME>.100`). Truncating every distance
 * (and travel time) can only shorten legs and loosen time windows, so these are lower bounds of the
 * unrounded problem too. Two `_distance` best-knowns of BKS.json lie below them: no feasible plan
 * reaches those (docs/decisions/0360).
 */
const PROVEN_LOWER_BOUND: Record<string, number> = { R109: 1146.9, RC103: 1258.0 };

function summarize(rows: Row[], budget: number): void {
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const ok = rows.filter((r) => r.feasible);
  console.log(`\n-- per class, effort ${budget} s (failed instances excluded from the gaps and counted) --`);
  console.log('class  n   avg gap%  worst%  avg wall s  avg cpu s  failed');
  for (const cls of ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2']) {
    const rs = rows.filter((r) => r.cls === cls);
    if (!rs.length) continue;
    const g = rs.filter((r) => r.feasible).map((r) => r.gap);
    console.log(
      `${cls.padEnd(5)} ${String(rs.length).padStart(2)} ${avg(g).toFixed(2).padStart(9)} ${(g.length ? Math.max(...g) : NaN).toFixed(2).padStart(7)} ${avg(rs.map((r) => r.seconds)).toFixed(2).padStart(11)} ${avg(rs.map((r) => r.cpuSeconds)).toFixed(2).padStart(10)} ${String(rs.length - g.length).padStart(7)}`,
    );
  }
  const gaps = ok.map((r) => r.gap).sort((a, b) => a - b);
  const median = gaps.length ? (gaps[Math.floor((gaps.length - 1) / 2)]! + gaps[Math.ceil((gaps.length - 1) / 2)]!) / 2 : NaN;
  console.log(
    `ALL   ${String(rows.length).padStart(2)} ${avg(gaps).toFixed(2).padStart(9)} ${(gaps.length ? Math.max(...gaps) : NaN).toFixed(2).padStart(7)} ${avg(rows.map((r) => r.seconds)).toFixed(2).padStart(11)} ${avg(rows.map((r) => r.cpuSeconds)).toFixed(2).padStart(10)} ${String(rows.length - ok.length).padStart(7)}   median ${median.toFixed(2)}%  safety stops ${rows.filter((r) => r.safetyStop).length}`,
  );
  console.log(`FAILED: ${rows.length - ok.length} of ${rows.length} (an unserved customer or an infeasible route; not in the average)`);
  const below = ok.filter((r) => (PROVEN_LOWER_BOUND[r.name] ?? 0) > r.bks);
  if (below.length) {
    const fair = ok.map((r) => 100 * (r.distance / Math.max(r.bks, PROVEN_LOWER_BOUND[r.name] ?? 0) - 1));
    console.log(
      `best-knowns below a proven lower bound: ${below.map((r) => `${r.name} ${r.bks} < ${PROVEN_LOWER_BOUND[r.name]} (gap to the bound ${(100 * (r.distance / PROVEN_LOWER_BOUND[r.name]! - 1)).toFixed(2)} %)`).join(', ')}; ` +
        `average gap to max(best-known, bound) ${avg(fair).toFixed(2)} %, worst ${Math.max(...fair).toFixed(2)} %`,
    );
  }
  console.log('anchor: VROOM 1.61 % in 2.0 s (level 5), 4.46 % in 0.13 s (level 0)');
}

/** A busy process for the load check; it ends by itself after `seconds`. */
function spinner(seconds: number): ChildProcess {
  return fork(fileURLToPath(new URL('./solver-spin.mjs', import.meta.url)), [String(seconds)], { stdio: 'ignore' });
}

async function runLoadCheck(args: Args): Promise<void> {
  const dir = findBenchDir();
  const bks = loadBks(dir);
  const names = args.instances?.slice(0, 3) ?? ['C204', 'R202', 'RC105'];
  const budget = args.budgets[0] ?? 2;
  console.log(`\n== Load check: ${names.join(', ')} at ${budget} s effort, quiet then beside ${args.loadProcs} busy processes ==`);
  const quiet = names.map((n) => solveSolomon(dir, bks, n, budget, args.seed));
  const procs = Array.from({ length: args.loadProcs }, () => spinner(Math.ceil(names.length * budget * 12 + 30)));
  let loaded: Row[];
  try {
    await new Promise((r) => setTimeout(r, 300));
    loaded = names.map((n) => solveSolomon(dir, bks, n, budget, args.seed));
  } finally {
    for (const p of procs) p.kill('SIGKILL');
  }
  console.log('instance   quiet dist  gap%  wall s | loaded dist  gap%  wall s | same');
  names.forEach((n, i) => {
    const q = quiet[i]!;
    const l = loaded[i]!;
    console.log(
      `${n.padEnd(9)} ${q.distance.toFixed(2).padStart(11)} ${q.gap.toFixed(2).padStart(5)} ${q.seconds.toFixed(2).padStart(7)} | ${l.distance.toFixed(2).padStart(11)} ${l.gap.toFixed(2).padStart(5)} ${l.seconds.toFixed(2).padStart(7)} | ${q.distance === l.distance ? 'yes' : 'NO'}`,
    );
  });
  const same = quiet.every((q, i) => q.distance === loaded[i]!.distance);
  console.log(`loaded and quiet figures ${same ? 'agree exactly' : 'DIFFER (a safety stop or a non-deterministic budget)'}`);
}

function runCalibrate(args: Args): void {
  const dir = findBenchDir();
  const names = args.instances ?? ['C101', 'C201', 'R101', 'R201', 'RC101', 'RC201'];
  console.log(`\n== Calibration: work units per CPU millisecond (WORK_UNITS_PER_MS is ${WORK_UNITS_PER_MS}) ==`);
  for (const name of names) {
    const inst = solomonToInstance(parseSolomon(readFileSync(resolve(dir, 'solomon', `${name}.txt`), 'utf8')));
    const c0 = process.cpuUsage();
    const res = solveInstance(inst, { maxWork: 2000 * WORK_UNITS_PER_MS, timeLimitMs: 1e7, seed: args.seed });
    const ms = cpuMs(c0);
    console.log(`${name.padEnd(8)} cpu ${(ms / 1000).toFixed(2)} s  ${(res.work / ms).toFixed(0)} units/ms  iters ${res.iterations}`);
  }
}

const args = parseArgs(process.argv.slice(2));
if (args.calibrate) runCalibrate(args);
else {
  if (args.solomon) runSolomon(args);
  if (args.loadCheck) await runLoadCheck(args);
  if (args.montreal) runMontrealBench({ shortBudgetS: args.budgets[0] ?? 2, longBudgetS: args.montrealLong, seed: args.seed, bigDay: args.bigDay, smallDay: args.smallDay, search: args.search, vroom: args.vroom, bigDayEffortS: args.bigDayEffortS });
}
const total = process.cpuUsage();
console.log(
  `\nwhole process: wall ${((performance.now() - processStart) / 1000).toFixed(1)} s, cpu ${((total.user + total.system) / 1e6).toFixed(1)} s; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`,
);
