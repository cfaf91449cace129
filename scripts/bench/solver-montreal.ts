/**
 * The generated Montreal-area days of the solver bench: a 150-shooting day at the short budget
 * against a long run, and a large day (default 1,000 shootings), each printed with business
 * figures and VROOM-comparable ones (the plan measured in `dayToVroom`'s matrices and units).
 */
import { readFileSync } from 'node:fs';
import { buildDayModel, dayPoints, solveDay, type DayPlan, type DayProblem } from '#shared/planning/day.ts';
import { evaluateRoute } from '#shared/planning/engine/schedule.ts';
import type { SearchOptions } from '#shared/planning/engine/sisr.ts';
import { montrealDay } from '#shared/planning/montreal-day.ts';
import { OfflineTravelProvider, type TravelMatrix } from '#shared/planning/travel.ts';
import { dayToVroom } from '#shared/planning/vroom-format.ts';
import { servableBound } from './solver-bound.ts';
import { runVroom } from './vroom-run.ts';

function line(label: string, plan: DayPlan, seconds: number, cpu: number): string {
  const t = plan.totals;
  return `${label.padEnd(14)} wall ${seconds.toFixed(2).padStart(6)} s  cpu ${cpu.toFixed(2).padStart(6)} s  objective ${t.objective.toFixed(2).padStart(8)}  km cost ${t.kmCost.toFixed(2).padStart(8)} $  km ${t.km.toFixed(1).padStart(7)}  driving ${(t.transitS / 3600).toFixed(1).padStart(5)} h  served ${t.served}/${t.shootings}  techs used ${plan.routes.length}  iters ${plan.search.iterations}${plan.search.stoppedBySafety ? '  (safety stop)' : ''}`;
}

/**
 * The plan's routes as location indexes of the exported problem (start, shootings, end), with the
 * exported matrices: what `vroomFigures` and `costAtServed` measure.
 */
function vroomRoutes(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan): { durations: number[][]; distances: number[][]; routes: number[][] } {
  const vp = dayToVroom(problem, matrix);
  const car = vp.matrices?.car ?? Object.values(vp.matrices ?? {})[0];
  if (!car?.durations || !car.distances) throw new Error('dayToVroom gave no matrices');
  const jobIndex = new Map(vp.jobs?.map((j) => [j.id, j.location_index!]) ?? []);
  const vehicleById = new Map(vp.vehicles.map((v) => [v.id, v]));
  const routes = plan.routes.map((r) => {
    const v = vehicleById.get(r.techId)!;
    return [v.start_index!, ...r.shootingIds.map((id) => jobIndex.get(id)!), v.end_index!];
  });
  return { durations: car.durations, distances: car.distances, routes };
}

/**
 * The plan in VROOM's units, over the exported problem's own matrices (whole seconds and metres):
 * VROOM's cost for an exported day is the travel duration, so cost = duration here.
 */
export function vroomFigures(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan): { cost: number; duration: number; distance: number; served: number; unassigned: number; routes: number } {
  const { durations, distances, routes } = vroomRoutes(problem, matrix, plan);
  let duration = 0;
  let distance = 0;
  let served = 0;
  for (const idx of routes) {
    for (let k = 1; k < idx.length; k++) {
      duration += durations[idx[k - 1]!]![idx[k]!]!;
      distance += distances[idx[k - 1]!]![idx[k]!]!;
    }
    served += idx.length - 2;
  }
  return { cost: duration, duration, distance, served, unassigned: problem.shootings.length - served, routes: plan.routes.length };
}

/**
 * VROOM `-x 5 -t 1` on the default large day (1,000 shootings, generator seed 2027), from
 * docs/decisions/0370: the figures the large-day lines compare with when VROOM itself is not run.
 */
export const VROOM_LARGE_DAY = { shootings: 1000, served: 953, cost: 477_723 } as const;

/**
 * The plan's VROOM cost once it serves only `target` shootings: the served shooting whose removal
 * saves the most travel leaves its route, again and again, until `target` are left (the plan
 * unchanged if it serves `target` or fewer). A removal is taken only when it saves travel and
 * leaves its route feasible by the engine's own check: a shorter way is not always an earlier
 * arrival (the removed stop may be where the technician waited out an unavailability, and a
 * direct road can be slower than the detour). This prices the shootings a plan serves beyond
 * `target`; it does not say the remaining set is the one VROOM serves.
 */
export function costAtServed(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan, target: number): { cost: number; served: number; saved: number } {
  const { durations, routes } = vroomRoutes(problem, matrix, plan);
  const d = (a: number, b: number) => durations[a]![b]!;
  const cost = routes.reduce((sum, r) => sum + r.slice(1).reduce((c, to, k) => c + d(r[k]!, to), 0), 0);
  let served = routes.reduce((a, r) => a + r.length - 2, 0);
  if (served <= target) return { cost, served, saved: 0 };
  const { instance } = buildDayModel(problem, matrix);
  const techIndex = new Map(problem.technicians.map((t, i) => [t.id, i]));
  const shootingIndex = new Map(problem.shootings.map((s, j) => [s.id, j]));
  const jobs = plan.routes.map((r) => r.shootingIds.map((id) => shootingIndex.get(id)!));
  const vehicles = plan.routes.map((r) => techIndex.get(r.techId)!);
  let saved = 0;
  while (served > target) {
    const removals: Array<{ gain: number; ri: number; k: number }> = [];
    routes.forEach((r, ri) => {
      for (let k = 1; k < r.length - 1; k++) removals.push({ gain: d(r[k - 1]!, r[k]!) + d(r[k]!, r[k + 1]!) - d(r[k - 1]!, r[k + 1]!), ri, k });
    });
    removals.sort((x, y) => y.gain - x.gain || x.ri - y.ri || x.k - y.k);
    const take = removals.find((m) => m.gain >= 0 && evaluateRoute(instance, vehicles[m.ri]!, jobs[m.ri]!.toSpliced(m.k - 1, 1)).feasible);
    if (!take) break;
    routes[take.ri]!.splice(take.k, 1);
    jobs[take.ri]!.splice(take.k - 1, 1);
    saved += take.gain;
    served--;
  }
  return { cost: cost - saved, served, saved };
}

/** `costAtServed` at VROOM's served count, printed beside VROOM's cost. */
function atVroomServedLine(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan, vroom: { served: number; cost: number }, source: string): string {
  const at = costAtServed(problem, matrix, plan, vroom.served);
  if (plan.totals.served <= vroom.served) return `${''.padEnd(14)} serves ${plan.totals.served}, not more than VROOM's ${vroom.served} (${source}): no extra shootings to price`;
  return (
    `${''.padEnd(14)} at VROOM's ${vroom.served} served (${source}): the ${plan.totals.served - at.served} shootings whose removal saves most left out save ${at.saved} s, ` +
    `cost ${at.cost} against VROOM's ${vroom.cost} (ratio ${(at.cost / vroom.cost).toFixed(4)}; a price of the extra shootings, not the goal's figure: the sets differ)`
  );
}

function vroomLine(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan): string {
  const f = vroomFigures(problem, matrix, plan);
  return `${''.padEnd(14)} VROOM units: cost ${f.cost}  duration ${f.duration} s  distance ${f.distance} m  served ${f.served}  unassigned ${f.unassigned}  routes ${f.routes}`;
}

/** What no plan can serve (the flow relaxation of solver-bound.ts), beside what the plan leaves. */
function boundLine(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan): string {
  const b = servableBound(problem, matrix);
  const unserved = plan.unassigned.length;
  return `${''.padEnd(14)} provably unservable: at least ${b.atLeastUnserved} (${b.noEligible} with no eligible technician); the plan leaves ${unserved}, so at most ${unserved - b.atLeastUnserved} of them might be served by a better plan`;
}

/**
 * VROOM itself (`-x 5 -t 1`) on the exported day, beside our plan in the same units: served,
 * cost (travel seconds), wall time, and whether ours serves as many at no more cost. The
 * shootings VROOM serves and ours does not (and the reverse) are counted with their mean length.
 */
function vroomBeside(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan, oursWallS: number, bin: string): void {
  const ours = vroomFigures(problem, matrix, plan);
  const v = runVroom(bin, dayToVroom(problem, matrix));
  const S = problem.shootings.length;
  console.log(`${''.padEnd(14)} VROOM -x 5 -t 1: cost ${v.cost}  served ${v.served}  unassigned ${v.unassigned}  routes ${v.routes}  wall ${v.wallS.toFixed(2)} s  cpu ${v.cpuS.toFixed(2)} s (VROOM's loading + solving ${v.solvingS.toFixed(2)} s)`);
  const oursIds = new Set(plan.routes.flatMap((r) => r.shootingIds));
  const vroomIds = new Set([...v.jobsByVehicle.values()].flat());
  const hours = (ids: number[]) => (ids.length ? ids.reduce((a, id) => a + (problem.shootings.find((x) => x.id === id)?.durationS ?? 0), 0) / ids.length / 3600 : 0);
  const onlyVroom = [...vroomIds].filter((id) => !oursIds.has(id));
  const onlyOurs = [...oursIds].filter((id) => !vroomIds.has(id));
  const meanAll = problem.shootings.reduce((a, x) => a + x.durationS, 0) / Math.max(1, S) / 3600;
  const holds = ours.served >= v.served && ours.cost <= v.cost;
  // VROOM's own objective: most tasks served, then least cost.
  const lex = ours.served !== v.served ? Math.sign(ours.served - v.served) : Math.sign(v.cost - ours.cost);
  console.log(
    `${''.padEnd(14)} ours vs VROOM: served ${ours.served} / ${v.served}, cost ${ours.cost} / ${v.cost} (ratio ${(ours.cost / v.cost).toFixed(4)}), wall ${oursWallS.toFixed(2)} / ${v.wallS.toFixed(2)} s; ` +
      `served by VROOM only ${onlyVroom.length} (mean ${hours(onlyVroom).toFixed(2)} h), by ours only ${onlyOurs.length} (mean ${hours(onlyOurs).toFixed(2)} h; all shootings ${meanAll.toFixed(2)} h); ` +
      `"serves as many as VROOM at no more cost": ${holds ? 'yes' : 'NO'}; in VROOM's objective (most served, then least cost) ours is ${['worse', 'equal', 'better'][lex + 1]}`,
  );
  console.log(atVroomServedLine(problem, matrix, plan, v, 'this run'));
}

/** The machine's load averages (1, 5, 15 min), printed beside a wall time. */
function loadAvg(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

function cpuS(since: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
}

function solveTimed(problem: DayProblem, matrix: TravelMatrix, budgetS: number, seed: number, search: SearchOptions) {
  const t = performance.now();
  const c = process.cpuUsage();
  const plan = solveDay(problem, matrix, { ...search, effortMs: budgetS * 1000, timeLimitMs: search.timeLimitMs ?? budgetS * 60_000, seed });
  return { plan, seconds: (performance.now() - t) / 1000, cpu: cpuS(c) };
}

/**
 * The large day's default effort (docs/decisions/0445, 0505): on that day a second of effort costs
 * about 1.25 s of CPU on a quiet machine (a work unit costs more there than on Solomon), so
 * generation + matrix + model + search take about 26 s of the 30 s target.
 */
export const BIG_DAY_EFFORT_S = 20;

/** `smallDay` false: the large day only; `search`: the bench's tuning overrides (--tf, --cbar, …). */
export function runMontrealBench(o: { shortBudgetS: number; longBudgetS: number; seed: number; bigDay: number; smallDay: boolean; search: SearchOptions; vroom?: string | null; bigDayEffortS?: number }): void {
  if (o.smallDay) runSmallDay(o);
  if (o.bigDay > 0) runBigDay(o.bigDay, o.seed, o.search, o.vroom ?? null, o.bigDayEffortS ?? BIG_DAY_EFFORT_S);
}

function runSmallDay(o: { shortBudgetS: number; longBudgetS: number; seed: number; search: SearchOptions; vroom?: string | null }): void {
  const t0 = performance.now();
  const problem = montrealDay({ shootings: 150, technicians: 25, seed: 2026 });
  const matrix = new OfflineTravelProvider().matrixSync(dayPoints(problem));
  const tMatrix = (performance.now() - t0) / 1000;
  console.log(`\n== Montreal-area day: 150 shootings, 25 technicians (offline travel matrix ${tMatrix.toFixed(2)} s; effort budgets) ==`);
  const short = solveTimed(problem, matrix, o.shortBudgetS, o.seed, o.search);
  console.log(line(`short ${o.shortBudgetS} s`, short.plan, short.seconds, short.cpu));
  console.log(vroomLine(problem, matrix, short.plan));
  const long = solveTimed(problem, matrix, o.longBudgetS, o.seed, o.search);
  console.log(line(`long ${o.longBudgetS} s`, long.plan, long.seconds, long.cpu));
  console.log(vroomLine(problem, matrix, long.plan));
  if (o.vroom) {
    vroomBeside(problem, matrix, short.plan, short.seconds, o.vroom);
    console.log(`${''.padEnd(14)} (above: the short run; the long run is cost ${vroomFigures(problem, matrix, long.plan).cost}, served ${long.plan.totals.served}, wall ${long.seconds.toFixed(2)} s)`);
  }
  console.log(boundLine(problem, matrix, long.plan));
  const reasons = new Map<string, number>();
  for (const u of long.plan.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  console.log(
    `short vs long: served ${short.plan.totals.served} vs ${long.plan.totals.served} (each unserved shooting weighs 10⁶ in the objective), objective ratio ${(short.plan.totals.objective / long.plan.totals.objective).toFixed(4)}; unserved (long): ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}; infeasible routes: ${long.plan.routes.filter((r) => !r.feasible).length}`,
  );
}

/** A large network's busy day: `shootings` shootings, one technician per ~6.5 shootings; the plan must come within 30 s. */
function runBigDay(shootings: number, seed: number, search: SearchOptions, vroom: string | null, effortS: number): void {
  const technicians = Math.max(4, Math.round(shootings / 6.5));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const problem = montrealDay({ shootings, technicians, seed: 2027 });
  const matrix = new OfflineTravelProvider().matrixSync(dayPoints(problem));
  const tMatrix = (performance.now() - t0) / 1000;
  // Effort: BIG_DAY_EFFORT_S by default, `--big-day-effort` overrides it.
  console.log(`\n== Large day: ${shootings} shootings, ${technicians} technicians (matrix ${tMatrix.toFixed(2)} s; effort ${effortS.toFixed(1)} s; target: a plan within 30 s) ==`);
  const run = solveTimed(problem, matrix, effortS, seed, search);
  console.log(line('large day', run.plan, run.seconds, run.cpu));
  console.log(vroomLine(problem, matrix, run.plan));
  const solvedWall = (performance.now() - t0) / 1000;
  const solvedCpu = cpuS(c0);
  if (vroom) vroomBeside(problem, matrix, run.plan, run.seconds, vroom);
  else if (shootings === VROOM_LARGE_DAY.shootings) console.log(atVroomServedLine(problem, matrix, run.plan, VROOM_LARGE_DAY, 'ADR 0370'));
  console.log(boundLine(problem, matrix, run.plan));
  const reasons = new Map<string, number>();
  for (const u of run.plan.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  console.log(
    `large day: generation + matrix + solve wall ${solvedWall.toFixed(1)} s (within 30 s: ${solvedWall <= 30 ? 'yes' : 'NO'}; /proc/loadavg ${loadAvg()}), cpu ${solvedCpu.toFixed(1)} s; unserved: ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}; infeasible routes: ${run.plan.routes.filter((r) => !r.feasible).length}`,
  );
}
