import { describe, expect, it } from 'vitest';
import { dayPoints, solveDay, type DayPlan } from '#shared/planning/day.ts';
import { montrealDay } from '#shared/planning/montreal-day.ts';
import { OfflineTravelProvider } from '#shared/planning/travel.ts';
import { costAtServed, vroomFigures } from './solver-montreal.ts';

const problem = montrealDay({ shootings: 40, technicians: 6, seed: 7 });
const matrix = new OfflineTravelProvider().matrixSync(dayPoints(problem));
const plan = solveDay(problem, matrix, { effortMs: 50, timeLimitMs: 60_000, seed: 1 });
const full = vroomFigures(problem, matrix, plan);

function without(p: DayPlan, shootingId: number): DayPlan {
  return { ...p, routes: p.routes.map((r) => ({ ...r, shootingIds: r.shootingIds.filter((id) => id !== shootingId) })) };
}

describe("the large day's price of the shootings served beyond VROOM's count", () => {
  it('leaves the plan as it is when it serves no more than the target', () => {
    expect(full.served).toBeGreaterThan(3);
    expect(costAtServed(problem, matrix, plan, full.served)).toEqual({ cost: full.cost, served: full.served, saved: 0 });
    expect(costAtServed(problem, matrix, plan, full.served + 5).cost).toBe(full.cost);
  });

  it('first leaves out the shooting whose removal saves the most travel', () => {
    const savings = plan.routes.flatMap((r) => r.shootingIds).map((id) => full.cost - vroomFigures(problem, matrix, without(plan, id)).cost);
    const one = costAtServed(problem, matrix, plan, full.served - 1);
    expect(one.served).toBe(full.served - 1);
    expect(one.saved).toBe(Math.max(...savings));
    expect(one.cost).toBe(full.cost - Math.max(...savings));
  });

  it('prices several removals, each saving travel, as the cost of the plan that is left', () => {
    const three = costAtServed(problem, matrix, plan, full.served - 3);
    expect(three.served).toBe(full.served - 3);
    expect(three.saved).toBeGreaterThanOrEqual(costAtServed(problem, matrix, plan, full.served - 1).saved);
    expect(three.cost).toBe(full.cost - three.saved);
  });
});
