/** Solomon VRPTW instances for the solver bench (format and conventions of ../shared/bench/vrptw/README). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildInstance } from '#shared/planning/engine/model.ts';
import type { VroomProblem } from '#shared/planning/vroom-format.ts';

export function findBenchDir(): string {
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

/**
 * Solomon instance → VROOM's JSON input, for `vroom` itself (scripts/bench/vroom-run.ts): VROOM
 * takes whole numbers, so times and distances are scaled by 1,000 (as the VROOM project's own
 * Solomon conversion does) and each travel time rounded UP, so that a plan VROOM finds feasible
 * is feasible in the unrounded problem too. Job id k and vehicle id v are engine job k − 1 and
 * vehicle v − 1; the plan's distance is measured unrounded by the caller.
 */
export const VROOM_SCALE = 1000;

export function solomonToVroom(s: SolomonInstance): VroomProblem {
  const n = s.x.length;
  const k = VROOM_SCALE;
  const durations = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.ceil(k * Math.hypot(s.x[i]! - s.x[j]!, s.y[i]! - s.y[j]!))));
  return {
    jobs: Array.from({ length: n - 1 }, (_, j) => ({
      id: j + 1,
      location_index: j + 1,
      service: k * s.service[j + 1]!,
      delivery: [s.demand[j + 1]!],
      time_windows: [[k * s.ready[j + 1]!, k * s.due[j + 1]!]],
    })),
    vehicles: Array.from({ length: s.vehicles }, (_, v) => ({
      id: v + 1,
      start_index: 0,
      end_index: 0,
      capacity: [s.capacity],
      time_window: [k * s.ready[0]!, k * s.due[0]!],
    })),
    matrices: { car: { durations } },
  };
}
