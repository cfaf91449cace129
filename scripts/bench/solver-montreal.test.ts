import { describe, expect, it } from 'vitest';
import { dayPoints, solveDay, type DayPlan, type DayProblem } from '#shared/planning/day.ts';
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

  it('never leaves out a shooting whose removal makes the rest of its route late', () => {
    // The technician waits out an unavailability (10:00-14:30) at the morning shooting, then drives
    // 1 h to the afternoon one. Without the morning stop the direct road is 5 min shorter, but it
    // does not fit before 10:00: leaving at 14:30, the technician would arrive at 17:20, past 17:00.
    const h = 3600;
    const zone = { zoneIds: [1], requires: { serviceOffers: [], shootingPackages: [] } };
    const tiny: DayProblem = {
      technicians: [{ id: 1, start: { lat: 45.5, lng: -73.6 }, unavailabilities: [{ start: 10 * h, end: 14.5 * h }], skills: zone.requires, mainZoneId: 1 }],
      shootings: [
        { id: 1, location: { lat: 45.6, lng: -73.5 }, am: true, durationS: 300, ...zone },
        { id: 2, location: { lat: 45.4, lng: -73.7 }, am: false, durationS: 1800, ...zone },
      ],
    };
    // Points: shooting 1, shooting 2, the technician's start, their end.
    const durationsS = [
      [0, h, 6900, 6900],
      [h, 0, 1800, 1800],
      [6900, 10_200, 0, 0],
      [6900, 10_200, 0, 0],
    ];
    const tinyMatrix = { durationsS, distancesKm: durationsS.map((r) => r.map((t) => t / 60)) };
    const tinyPlan = solveDay(tiny, tinyMatrix, { effortMs: 5, timeLimitMs: 60_000, seed: 1 });
    expect(tinyPlan.routes.map((r) => r.shootingIds)).toEqual([[1, 2]]);
    const cost = 6900 + h + 1800;
    expect(costAtServed(tiny, tinyMatrix, tinyPlan, 1)).toEqual({ cost, served: 2, saved: 0 });
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
