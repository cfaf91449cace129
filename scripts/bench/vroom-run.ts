/**
 * Runs the VROOM project's own binary beside the solver bench (opt-in: `--vroom <path>` or
 * env `VROOM_BIN`; machine-local tooling, not part of the project's install or CI).
 * The problem is written to a temp file and solved with `vroom -i <file> -x 5 -t 1` (the
 * exploration level and the single thread of issue 16's comparison); its JSON solution is
 * parsed for served / unassigned / cost and the routes (job ids per vehicle id).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VroomProblem, VroomSolution } from '#shared/planning/vroom-format.ts';

export interface VroomRun {
  /** summary.cost, in the problem's own units. */
  cost: number;
  served: number;
  unassigned: number;
  /** Used vehicles. */
  routes: number;
  /** Job ids in visiting order, per vehicle id. */
  jobsByVehicle: Map<number, number[]>;
  /** Wall time of the whole `vroom` process (loading, solving, writing). */
  wallS: number;
  /** VROOM's own loading + solving times, in seconds. */
  solvingS: number;
  /** CPU seconds of the `vroom` process (Linux: this process's reaped-children times), else NaN. */
  cpuS: number;
}

/** CPU seconds of this process's waited-for children (utime + stime of /proc/self/stat, 100 Hz ticks). */
function childrenCpuS(): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
}

/** The VROOM binary named by `--vroom <path>` in `argv`, else by env VROOM_BIN, else null. */
export function vroomBinFrom(argv: string[]): string | null {
  const i = argv.indexOf('--vroom');
  if (i >= 0 && argv[i + 1]) return argv[i + 1]!;
  return process.env.VROOM_BIN || null;
}

export function runVroom(bin: string, problem: VroomProblem): VroomRun {
  const dir = mkdtempSync(join(tmpdir(), 'vroom-bench-'));
  try {
    const file = join(dir, 'problem.json');
    writeFileSync(file, JSON.stringify(problem));
    const t0 = performance.now();
    const c0 = childrenCpuS();
    const p = spawnSync(bin, ['-i', file, '-x', '5', '-t', '1'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const wallS = (performance.now() - t0) / 1000;
    const cpuS = childrenCpuS() - c0;
    if (p.error) throw p.error;
    const sol = JSON.parse(p.stdout || '{}') as VroomSolution;
    if (sol.code !== 0 || !sol.summary) throw new Error(`vroom exited ${p.status}: ${sol.error ?? p.stderr.slice(0, 300)}`);
    const jobsByVehicle = new Map<number, number[]>();
    for (const r of sol.routes ?? []) jobsByVehicle.set(r.vehicle, r.steps.filter((s) => s.type === 'job').map((s) => s.id!));
    const served = [...jobsByVehicle.values()].reduce((a, r) => a + r.length, 0);
    const t = sol.summary.computing_times;
    return { cost: sol.summary.cost, served, unassigned: sol.summary.unassigned, routes: sol.summary.routes, jobsByVehicle, wallS, solvingS: (t.loading + t.solving) / 1000, cpuS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
