import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayToVroom, solveVroom, type VroomProblem } from './vroom-format.ts';
import { montrealDay } from './montreal-day.ts';
import { dayPoints, solveDay } from './day.ts';
import { OfflineTravelProvider } from './travel.ts';

const example = JSON.parse(readFileSync(new URL('./examples/vroom-small.json', import.meta.url), 'utf8')) as VroomProblem;

describe('VROOM format', () => {
  it('solves the example: every job once, skills respected, steps consistent', () => {
    const sol = solveVroom(example, { maxIterations: 300, timeLimitMs: 5000 });
    expect(sol.code).toBe(0);
    const jobs = sol.routes!.flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id));
    expect(jobs.sort()).toEqual([101, 102, 103, 104, 105, 106]);
    expect(sol.summary!.unassigned).toBe(0);
    expect(sol.summary!.routes).toBe(sol.routes!.length);
    // Job 104 needs skill 14, only vehicle 1 has it.
    expect(sol.routes!.find((r) => r.steps.some((s) => s.id === 104))!.vehicle).toBe(1);
    for (const r of sol.routes!) {
      expect(r.steps[0]!.type).toBe('start');
      expect(r.steps[r.steps.length - 1]!.type).toBe('end');
      for (let k = 1; k < r.steps.length; k++) {
        const a = r.steps[k - 1]!;
        const b = r.steps[k]!;
        expect(b.arrival).toBeGreaterThanOrEqual(a.arrival + a.waiting_time + a.service + (b.duration - a.duration) - 1);
        expect(b.duration).toBeGreaterThanOrEqual(a.duration);
      }
      for (const s of r.steps.filter((x) => x.type === 'job')) {
        const tw = example.jobs!.find((j) => j.id === s.id)!.time_windows![0]!;
        expect(s.arrival + s.waiting_time).toBeGreaterThanOrEqual(tw[0]);
        expect(s.arrival + s.waiting_time).toBeLessThanOrEqual(tw[1]);
      }
      expect(r.cost).toBe(r.duration); // default cost = travel time
      expect(r.distance).toBeUndefined(); // VROOM reports distances only with distance matrices (or per_km)
    }
    expect(sol.summary!.cost).toBe(sol.routes!.reduce((a, r) => a + r.cost, 0));
  });

  it('reads custom matrices with location_index and reports unassigned jobs', () => {
    const p: VroomProblem = {
      vehicles: [{ id: 7, start_index: 0, end_index: 0, time_window: [0, 100] }],
      jobs: [
        { id: 1, location_index: 1, service: 10 },
        { id: 2, location_index: 2, service: 10, time_windows: [[500, 600]] },
      ],
      matrices: { car: { durations: [[0, 5, 9], [5, 0, 4], [9, 4, 0]], distances: [[0, 50, 90], [50, 0, 40], [90, 40, 0]] } },
    };
    const sol = solveVroom(p, { maxIterations: 50 });
    expect(sol.code).toBe(0);
    expect(sol.unassigned).toEqual([{ id: 2, type: 'job', location_index: 2 }]);
    expect(sol.routes![0]!.steps.map((s) => [s.type, s.arrival, s.distance])).toEqual([
      ['start', 0, 0],
      ['job', 5, 50],
      ['end', 20, 100],
    ]);
    expect(sol.summary!.distance).toBe(100);
  });

  it('answers code 2 on bad input', () => {
    expect(solveVroom({ vehicles: [] }).code).toBe(2);
    expect(solveVroom({ vehicles: [{ id: 1, start: [0, 0] }], jobs: [{ id: 1 }] }).code).toBe(2);
    expect(solveVroom({ vehicles: [{ id: 1, start: [0, 0] }], shipments: [{}] }).code).toBe(2);
  });

  it('round-trips a day: exported problem solved in VROOM format keeps eligibility and ids', () => {
    const day = montrealDay({ shootings: 20, technicians: 5, seed: 4 });
    const matrix = new OfflineTravelProvider().matrixSync(dayPoints(day));
    const exported = JSON.parse(JSON.stringify(dayToVroom(day, matrix))) as VroomProblem;
    const sol = solveVroom(exported, { maxIterations: 300 });
    expect(sol.code).toBe(0);
    const plan = solveDay(day, matrix, { maxIterations: 300 });
    const served = (ids: number[]) => ids.sort((a, b) => a - b);
    const vroomServed = sol.routes!.flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id!));
    expect(vroomServed.length + sol.unassigned!.length).toBe(20);
    for (const r of sol.routes!) {
      const veh = exported.vehicles.find((v) => v.id === r.vehicle)!;
      for (const s of r.steps.filter((x) => x.type === 'job')) expect(veh.skills).toContain(1_000_000 + s.id!);
    }
    // Same number served (both solvers see the same constraints), ids are the day's ids.
    expect(served(vroomServed).every((id) => day.shootings.some((s) => s.id === id))).toBe(true);
    expect(Math.abs(vroomServed.length - plan.totals.served)).toBeLessThanOrEqual(1);
  });

  it('exports unavailabilities as breaks clipped to the working hours (VROOM makes a used vehicle take each break)', () => {
    const base = montrealDay({ shootings: 6, technicians: 2, seed: 2 });
    const hours = { start: 8 * 3600, end: 17 * 3600 };
    const first = { ...base.technicians[0]!, workingHours: hours, unavailabilities: [{ start: 7 * 3600, end: 9 * 3600 }, { start: 18 * 3600, end: 19 * 3600 }] };
    const day = { ...base, technicians: [first, ...base.technicians.slice(1)] };
    const matrix = new OfflineTravelProvider().matrixSync(dayPoints(day));
    const exported = dayToVroom(day, matrix);
    expect(exported.vehicles[0]!.breaks).toEqual([{ id: 1, time_windows: [[8 * 3600, 8 * 3600]], service: 3600, description: 'unavailability' }]);
    const sol = solveVroom(exported, { maxIterations: 200 });
    expect(sol.code).toBe(0);
    const route = sol.routes!.find((r) => r.vehicle === day.technicians[0]!.id);
    if (route) expect(route.steps.filter((s) => s.type === 'job').every((s) => s.arrival + s.waiting_time >= 9 * 3600)).toBe(true);
  });
});
