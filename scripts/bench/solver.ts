/**
 * npm run bench:solver [-- --budget 2] [--instances C101,R201] [--long] [--seed 1] [--no-montreal] [--no-solomon]
 *
 * 1. The 56 Solomon VRPTW instances (../shared/bench/vrptw, conventions of its README):
 *    distance gap to the best-known distance-only value and time, per instance and per class,
 *    at the short budget (default 1.9 s of search per instance) and, with --long, at 10 s.
 * 2. A generated Montreal-area day (150 shootings, 25 technicians): cost and time at the
 *    short budget against a 60 s run (--montreal-long 60).
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildInstance } from '#shared/planning/engine/model.ts';
import { solveInstance } from '#shared/planning/engine/sisr.ts';
import { evaluateRoute } from '#shared/planning/engine/schedule.ts';
import { runMontrealBench } from './solver-montreal.ts';

interface Args {
  budgets: number[];
  instances: string[] | null;
  seed: number;
  solomon: boolean;
  montreal: boolean;
  montrealLong: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { budgets: [1.9], instances: null, seed: 1, solomon: true, montreal: true, montrealLong: 60 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i] ?? '';
    if (a === '--budget') args.budgets = next().split(',').map(Number);
    else if (a === '--long') args.budgets = [1.9, 10];
    else if (a === '--instances') args.instances = next().split(',').map((s) => s.trim().toUpperCase());
    else if (a === '--seed') args.seed = Number(next());
    else if (a === '--no-montreal') args.montreal = false;
    else if (a === '--no-solomon') args.solomon = false;
    else if (a === '--montreal-long') args.montrealLong = Number(next());
  }
  return args;
}

function findBenchDir(): string {
  for (const p of ['../shared/bench/vrptw', '/work/shared/bench/vrptw', 'shared/bench/vrptw']) {
    const abs = resolve(process.cwd(), p);
    if (existsSync(resolve(abs, 'BKS.json'))) return abs;
  }
  throw new Error('bench data not found (expected ../shared/bench/vrptw)');
}

export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  x: number[];
  y: number[];
  demand: number[];
  ready: number[];
  due: number[];
  service: number[];
}

export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines[0] ?? '';
  const vi = lines.findIndex((l) => l.startsWith('NUMBER'));
  const [vehicles, capacity] = (lines[vi + 1] ?? '').split(/\s+/).map(Number) as [number, number];
  const inst: SolomonInstance = { name, vehicles, capacity, x: [], y: [], demand: [], ready: [], due: [], service: [] };
  const ci = lines.findIndex((l) => l.startsWith('CUST NO.'));
  for (const l of lines.slice(ci + 1)) {
    if (!l) continue;
    const f = l.split(/\s+/).map(Number);
    if (f.length < 7 || f.some(Number.isNaN)) continue;
    inst.x.push(f[1]!);
    inst.y.push(f[2]!);
    inst.demand.push(f[3]!);
    inst.ready.push(f[4]!);
    inst.due.push(f[5]!);
    inst.service.push(f[6]!);
  }
  return inst;
}

/** Solomon instance → engine instance: travel time = distance = Euclidean (unrounded doubles). */
export function solomonToInstance(s: SolomonInstance) {
  const n = s.x.length;
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) d[i * n + j] = Math.hypot(s.x[i]! - s.x[j]!, s.y[i]! - s.y[j]!);
  return buildInstance({
    nLocs: n,
    matrices: [{ durations: d, distances: d }],
    jobs: Array.from({ length: n - 1 }, (_, k) => ({
      loc: k + 1,
      service: s.service[k + 1]!,
      windows: [[s.ready[k + 1]!, s.due[k + 1]!] as const],
      demand: [s.demand[k + 1]!],
    })),
    vehicles: Array.from({ length: s.vehicles }, () => ({
      start: 0,
      end: 0,
      window: [s.ready[0]!, s.due[0]!] as const,
      capacity: [s.capacity],
      perDistance: 1,
    })),
  });
}

interface Row {
  name: string;
  cls: string;
  budget: number;
  distance: number;
  bks: number;
  gap: number;
  seconds: number;
  vehicles: number;
  feasible: boolean;
  iterations: number;
}

function classOf(name: string): string {
  const m = /^(RC|R|C)(\d)/.exec(name);
  return m ? `${m[1]}${m[2]}` : '?';
}

function runSolomon(args: Args): void {
  const dir = findBenchDir();
  const bks = JSON.parse(readFileSync(resolve(dir, 'BKS.json'), 'utf8')) as Record<string, { best_known_cost: number }>;
  const names = Object.keys(bks)
    .filter((k) => !k.endsWith('_distance'))
    .filter((k) => !args.instances || args.instances.includes(k))
    .sort();
  for (const budget of args.budgets) {
    console.log(`\n== Solomon VRPTW, budget ${budget} s per instance (one core, seed ${args.seed}) ==`);
    console.log('instance   distance     BKS(dist)   gap%    time s  veh  iters');
    const rows: Row[] = [];
    for (const name of names) {
      const t0 = performance.now();
      const s = parseSolomon(readFileSync(resolve(dir, 'solomon', `${name}.txt`), 'utf8'));
      const inst = solomonToInstance(s);
      const res = solveInstance(inst, { timeLimitMs: budget * 1000 - (performance.now() - t0), seed: args.seed });
      let distance = 0;
      let feasible = res.unassigned.length === 0;
      let vehicles = 0;
      res.routes.forEach((r, v) => {
        if (!r.length) return;
        vehicles++;
        const e = evaluateRoute(inst, v, r);
        distance += e.distance;
        if (!e.feasible) feasible = false;
      });
      const seconds = (performance.now() - t0) / 1000;
      const ref = bks[`${name}_distance`]?.best_known_cost ?? NaN;
      const gap = 100 * (distance / ref - 1);
      const row: Row = { name, cls: classOf(name), budget, distance, bks: ref, gap, seconds, vehicles, feasible, iterations: res.iterations };
      rows.push(row);
      console.log(
        `${name.padEnd(9)} ${distance.toFixed(2).padStart(9)} ${ref.toFixed(2).padStart(11)} ${gap.toFixed(2).padStart(7)} ${seconds.toFixed(2).padStart(8)} ${String(vehicles).padStart(4)} ${String(res.iterations).padStart(7)}${feasible ? '' : '  INFEASIBLE'}`,
      );
    }
    summarize(rows, budget);
  }
}

function summarize(rows: Row[], budget: number): void {
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(`\n-- per class, budget ${budget} s --`);
  console.log('class  n   avg gap%  worst%  avg time s');
  for (const cls of ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2']) {
    const rs = rows.filter((r) => r.cls === cls);
    if (!rs.length) continue;
    console.log(
      `${cls.padEnd(5)} ${String(rs.length).padStart(2)} ${avg(rs.map((r) => r.gap)).toFixed(2).padStart(9)} ${Math.max(...rs.map((r) => r.gap)).toFixed(2).padStart(7)} ${avg(rs.map((r) => r.seconds)).toFixed(2).padStart(11)}`,
    );
  }
  const gaps = rows.map((r) => r.gap).sort((a, b) => a - b);
  const median = gaps.length ? (gaps[Math.floor((gaps.length - 1) / 2)]! + gaps[Math.ceil((gaps.length - 1) / 2)]!) / 2 : NaN;
  console.log(
    `ALL   ${String(rows.length).padStart(2)} ${avg(gaps).toFixed(2).padStart(9)} ${Math.max(...gaps).toFixed(2).padStart(7)} ${avg(rows.map((r) => r.seconds)).toFixed(2).padStart(11)}   median ${median.toFixed(2)}%  infeasible ${rows.filter((r) => !r.feasible).length}`,
  );
  console.log('anchor: VROOM 1.61 % in 2.0 s (level 5), 4.46 % in 0.13 s (level 0)');
}

const args = parseArgs(process.argv.slice(2));
if (args.solomon) runSolomon(args);
if (args.montreal) runMontrealBench({ shortBudgetS: args.budgets[0] ?? 1.9, longBudgetS: args.montrealLong, seed: args.seed });
