/** The Montreal-area day of the solver bench: 150 shootings, 25 technicians; short budget vs a long run. */
import { dayPoints, solveDay, type DayPlan } from '#shared/planning/day.ts';
import { montrealDay } from '#shared/planning/montreal-day.ts';
import { OfflineTravelProvider } from '#shared/planning/travel.ts';

function line(label: string, plan: DayPlan, seconds: number): string {
  const t = plan.totals;
  return `${label.padEnd(14)} time ${seconds.toFixed(2).padStart(6)} s  objective ${t.objective.toFixed(2).padStart(8)}  km cost ${t.kmCost.toFixed(2).padStart(8)} $  km ${t.km.toFixed(1).padStart(7)}  driving ${(t.transitS / 3600).toFixed(1).padStart(5)} h  served ${t.served}/${t.shootings}  techs used ${plan.routes.length}  iters ${plan.search.iterations}`;
}

export function runMontrealBench(o: { shortBudgetS: number; longBudgetS: number; seed: number }): void {
  const t0 = performance.now();
  const problem = montrealDay({ shootings: 150, technicians: 25, seed: 2026 });
  const matrix = new OfflineTravelProvider().matrixSync(dayPoints(problem));
  const tMatrix = (performance.now() - t0) / 1000;
  console.log(`\n== Montreal-area day: 150 shootings, 25 technicians (offline travel matrix ${tMatrix.toFixed(2)} s) ==`);
  const run = (budget: number) => {
    const t = performance.now();
    const plan = solveDay(problem, matrix, { timeLimitMs: budget * 1000, seed: o.seed });
    return { plan, seconds: (performance.now() - t) / 1000 };
  };
  const short = run(o.shortBudgetS);
  console.log(line(`short ${o.shortBudgetS} s`, short.plan, short.seconds));
  const long = run(o.longBudgetS);
  console.log(line(`long ${o.longBudgetS} s`, long.plan, long.seconds));
  const reasons = new Map<string, number>();
  for (const u of long.plan.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  console.log(`short vs long: served ${short.plan.totals.served} vs ${long.plan.totals.served} (each unserved shooting weighs 10⁶ in the objective), objective ratio ${(short.plan.totals.objective / long.plan.totals.objective).toFixed(4)}; unserved (long): ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}; infeasible routes: ${long.plan.routes.filter((r) => !r.feasible).length}`);
}
