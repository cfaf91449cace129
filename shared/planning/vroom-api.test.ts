import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { solveVroom, type VroomProblem, type VroomSolution, type VroomStep } from './vroom-format.ts';

/** VROOM's rules, one at a time (docs/API.md and format_route of VROOM-Project/vroom; ADR 0108). */
const solve = (p: VroomProblem, iterations = 300): VroomSolution => {
  const sol = solveVroom(JSON.parse(JSON.stringify(p)) as VroomProblem, { maxIterations: iterations, seed: 1 });
  if (sol.code !== 0) throw new Error(sol.error);
  return sol;
};
const kinds = (steps: VroomStep[]) => steps.map((s) => (s.type === 'job' || s.type === 'break' ? `${s.type}:${s.id}` : s.type));
const row = (s: VroomStep) => [s.type, s.arrival, s.duration, s.setup, s.service, s.waiting_time];
/** A square matrix with `fill` everywhere but the diagonal and the given arcs. */
const matrix = (n: number, fill: number, arcs: Record<string, number>): number[][] =>
  Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => (a === b ? 0 : (arcs[`${a}-${b}`] ?? fill))));

describe('VROOM API: documented examples', () => {
  it("docs/example_2.json (custom matrix) gives VROOM's documented solution", () => {
    const problem = JSON.parse(readFileSync(new URL('./examples/vroom-example-2.json', import.meta.url), 'utf8')) as VroomProblem;
    const expected = JSON.parse(readFileSync(new URL('./examples/vroom-example-2-sol.json', import.meta.url), 'utf8')) as VroomSolution;
    const sol = solve(problem);
    const { computing_times: _ignored, ...summary } = sol.summary!;
    expect(summary).toEqual(expected.summary);
    expect(sol.unassigned).toEqual(expected.unassigned);
    expect(sol.routes).toEqual(expected.routes);
    // Keys in the order VROOM's output_json.cpp writes them today.
    expect(Object.keys(sol)).toEqual(['code', 'summary', 'unassigned', 'routes']);
    expect(Object.keys(sol.summary!)).toEqual(['cost', 'routes', 'unassigned', 'setup', 'service', 'duration', 'waiting_time', 'priority', 'violations', 'computing_times']);
    expect(Object.keys(sol.routes![0]!)).toEqual(['vehicle', 'cost', 'setup', 'service', 'duration', 'waiting_time', 'priority', 'steps', 'violations']);
    expect(Object.keys(sol.routes![0]!.steps[1]!)).toEqual(['type', 'location_index', 'id', 'setup', 'service', 'waiting_time', 'job', 'arrival', 'duration', 'violations']);
  });

  it('docs/example_1.json on its own legs: latest start, load profile, break after the pickup', () => {
    // Locations: 0 depot, 1 job 1, 2 job 2, 3 job 5, 4 job 6, 5 job 4, 6 job 3. Legs and
    // distances read off docs/example_1_sol.json; every other arc is long. The shipment becomes a
    // pickup job (4) and a delivery job (3): shipments are refused.
    const legs: Record<string, [number, number]> = {
      '0-1': [2328, 32355], '1-2': [890, 14661], '2-3': [1595, 21518], '3-0': [1752, 27071],
      '0-4': [2941, 62696], '4-5': [3816, 69018], '5-6': [1909, 22868], '6-0': [3480, 62170],
    };
    const durations = matrix(7, 5000, Object.fromEntries(Object.entries(legs).map(([k, v]) => [k, v[0]])));
    const distances = matrix(7, 200000, Object.fromEntries(Object.entries(legs).map(([k, v]) => [k, v[1]])));
    const tw: [number, number] = [1600416000, 1600430400];
    const problem: VroomProblem = {
      vehicles: [
        { id: 1, start_index: 0, end_index: 0, capacity: [4], skills: [1, 14], time_window: tw },
        { id: 2, start_index: 0, end_index: 0, capacity: [4], skills: [2, 14], time_window: tw, breaks: [{ id: 2, service: 300, time_windows: [[1600423200, 1600425000]] }] },
      ],
      jobs: [
        { id: 1, service: 300, delivery: [1], location_index: 1, skills: [1], time_windows: [[1600419600, 1600423200]] },
        { id: 2, service: 300, pickup: [1], location_index: 2, skills: [1] },
        { id: 5, service: 300, delivery: [1], location_index: 3, skills: [14] },
        { id: 6, service: 300, delivery: [1], location_index: 4, skills: [14] },
        { id: 4, service: 300, pickup: [1], location_index: 5, skills: [2] },
        { id: 3, service: 300, delivery: [1], location_index: 6, skills: [2] },
      ],
      matrices: { car: { durations, distances } },
    };
    const sol = solve(problem);
    const [r1, r2] = sol.routes!;
    expect(r1!.steps.map((s) => [...row(s), s.load![0], s.distance])).toEqual([
      ['start', 1600417272, 0, 0, 0, 0, 2, 0],
      ['job', 1600419600, 2328, 0, 300, 0, 1, 32355],
      ['job', 1600420790, 3218, 0, 300, 0, 2, 47016],
      ['job', 1600422685, 4813, 0, 300, 0, 1, 68534],
      ['end', 1600424737, 6565, 0, 0, 0, 1, 95605],
    ]);
    expect([r1!.cost, r1!.duration, r1!.service, r1!.distance]).toEqual([6565, 6565, 900, 95605]);
    expect(kinds(r2!.steps)).toEqual(['start', 'job:6', 'job:4', 'break:2', 'job:3', 'end']);
    expect(r2!.steps.map((s) => [...row(s), s.distance])).toEqual([
      ['start', 1600416000, 0, 0, 0, 0, 0],
      ['job', 1600418941, 2941, 0, 300, 0, 62696],
      ['job', 1600423057, 6757, 0, 300, 0, 131714],
      ['break', 1600423357, 6757, 0, 300, 0, 131714],
      ['job', 1600425566, 8666, 0, 300, 0, 154582],
      ['end', 1600429346, 12146, 0, 0, 0, 216752],
    ]);
    // A route's service counts its breaks (VROOM: 1200 for three jobs and one break).
    expect([r2!.cost, r2!.duration, r2!.service]).toEqual([12146, 12146, 1200]);
    expect(sol.summary).toMatchObject({ cost: 18711, routes: 2, unassigned: 0, delivery: [4], pickup: [2], service: 2100, duration: 18711, distance: 312357 });
  });
});

describe('VROOM API: breaks', () => {
  const base = (breakTw: [number, number], extra: object = {}): VroomProblem => ({
    vehicles: [{ id: 1, start_index: 0, end_index: 0, time_window: [0, 10000], breaks: [{ id: 9, service: 300, time_windows: [breakTw], ...extra }] }],
    jobs: [{ id: 1, location_index: 1, service: 100, time_windows: [[1000, 2000]] }],
    matrices: { car: { durations: [[0, 100], [100, 0]] } },
  });

  it('a break taken while waiting for a window comes before the job, with no waiting left', () => {
    const r = solve(base([0, 5000])).routes![0]!;
    expect(r.steps.map(row)).toEqual([
      ['start', 600, 0, 0, 0, 0],
      ['break', 600, 0, 0, 300, 0],
      ['job', 1000, 100, 0, 100, 0],
      ['end', 1200, 200, 0, 0, 0],
    ]);
    expect([r.service, r.waiting_time]).toEqual([400, 0]);
  });

  it('a break after the last job comes before the end step, never after it', () => {
    const r = solve(base([3000, 4000])).routes![0]!;
    expect(r.steps.map(row)).toEqual([
      ['start', 1900, 0, 0, 0, 0],
      ['job', 2000, 100, 0, 100, 0],
      ['break', 2200, 200, 0, 300, 800],
      ['end', 3300, 200, 0, 0, 0],
    ]);
    expect(r.waiting_time).toBe(800);
  });

  it('a break that cannot be placed leaves the job unassigned', () => {
    const sol = solve(base([20000, 30000]));
    expect(sol.routes).toEqual([]);
    expect(sol.unassigned!.map((u) => u.id)).toEqual([1]);
  });

  it("honours a break's max_load: the break waits until the load is low enough", () => {
    const p: VroomProblem = {
      vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [2], breaks: [{ id: 5, service: 60, max_load: [0] }] }],
      jobs: [
        { id: 1, location_index: 1, delivery: [1] },
        { id: 2, location_index: 2, delivery: [1] },
      ],
      matrices: { car: { durations: [[0, 10, 10], [10, 0, 10], [10, 10, 0]] } },
    };
    const steps = solve(p).routes![0]!.steps;
    const b = steps.findIndex((s) => s.type === 'break');
    expect(b).toBe(3);
    expect(steps[b]!.load).toEqual([0]);
    p.vehicles[0]!.breaks![0]!.max_load = [1];
    const again = solve(p).routes![0]!.steps;
    expect(again.find((s) => s.type === 'break')!.load![0]).toBeLessThanOrEqual(1);
  });
});

describe('VROOM API: task times', () => {
  it('service_per_type and setup_per_type apply to vehicles of that type, and routes stay on time', () => {
    const p: VroomProblem = {
      vehicles: [{ id: 1, type: 'van', start_index: 0, end_index: 0, time_window: [0, 1000] }],
      jobs: [
        { id: 1, location_index: 1, setup: 50, setup_per_type: { van: 20 }, service: 100, service_per_type: { van: 400, truck: 5 } },
        { id: 2, location_index: 2, service: 100, service_per_type: { van: 400 } },
      ],
      matrices: { car: { durations: [[0, 100, 100], [100, 0, 100], [100, 100, 0]] } },
    };
    const sol = solve(p);
    // Both jobs would need 100 + 420 + 100 + 400 + 100 = 1120 > 1000: one is left out.
    expect(sol.summary!.unassigned).toBe(1);
    const r = sol.routes![0]!;
    expect(r.steps.at(-1)!.arrival).toBeLessThanOrEqual(1000);
    const job = r.steps.find((s) => s.type === 'job')!;
    expect([job.setup, job.service]).toEqual(job.id === 1 ? [20, 400] : [0, 400]);
    // Without the type, the default times apply and both fit.
    delete p.vehicles[0]!.type;
    const plain = solve(p);
    expect(plain.summary).toMatchObject({ unassigned: 0, setup: 50, service: 200 });
  });

  it('setup applies only when the location changes (the start counts)', () => {
    const p: VroomProblem = {
      vehicles: [{ id: 1, start_index: 0, end_index: 0 }],
      jobs: [
        { id: 1, location_index: 1, setup: 100, service: 10 },
        { id: 2, location_index: 1, setup: 100, service: 10 },
        { id: 3, location_index: 0, setup: 100, service: 10 },
      ],
      matrices: { car: { durations: [[0, 50], [50, 0]] } },
    };
    const sol = solve(p);
    const steps = sol.routes![0]!.steps.filter((s) => s.type === 'job');
    expect(steps.map((s) => s.setup).sort()).toEqual([0, 0, 100]);
    expect(sol.summary!.setup).toBe(100);
    expect(steps.find((s) => s.id === 3)!.setup).toBe(0);
  });

  it("speed_factor scales travel in VROOM's centiseconds and reports truncated seconds", () => {
    const p: VroomProblem = {
      vehicles: [{ id: 1, start_index: 0, end_index: 0, speed_factor: 3 }],
      jobs: [
        { id: 1, location_index: 1 },
        { id: 2, location_index: 2 },
      ],
      matrices: { car: { durations: matrix(3, 500, { '0-1': 5, '1-2': 5, '2-0': 5 }) } },
    };
    const r = solve(p).routes![0]!;
    // round(100 / 3) = 33 cs per second: 165, 330, 495 cs → 1, 3, 4 s.
    expect(r.steps.map((s) => [s.arrival, s.duration])).toEqual([[0, 0], [1, 1], [3, 3], [4, 4]]);
    expect([r.duration, r.cost]).toEqual([4, 4]);
  });
});

describe('VROOM API: loads and priorities', () => {
  it('checks a load profile, not the sum of pickups and deliveries', () => {
    const p: VroomProblem = {
      vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [1] }],
      jobs: [
        { id: 1, location_index: 1, pickup: [1] },
        { id: 2, location_index: 2, delivery: [1] },
      ],
      matrices: { car: { durations: [[0, 10, 10], [10, 0, 10], [10, 10, 0]] } },
    };
    const r = solve(p).routes![0]!;
    expect(kinds(r.steps)).toEqual(['start', 'job:2', 'job:1', 'end']);
    expect(r.steps.map((s) => s.load![0])).toEqual([1, 0, 1, 1]);
    expect([r.delivery, r.pickup, r.amount]).toEqual([[1], [1], [1]]);
  });

  it('deliveries only (or pickups only): the capacity bounds their sum', () => {
    for (const key of ['delivery', 'pickup'] as const) {
      const sol = solve({
        vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [2] }],
        jobs: [1, 2, 3].map((id) => ({ id, location_index: id, [key]: [1] })),
        matrices: { car: { durations: matrix(4, 10, {}) } },
      });
      expect(sol.summary!.unassigned).toBe(1);
      const loads = sol.routes![0]!.steps.map((s) => s.load![0]);
      expect(loads).toEqual(key === 'delivery' ? [2, 1, 0, 0] : [0, 1, 2, 2]);
    }
  });

  it('a vehicle without capacity has none once the first vehicle has one (as VROOM reads it)', () => {
    const sol = solve({
      vehicles: [{ id: 1, start_index: 0, capacity: [1], max_tasks: 1 }, { id: 2, start_index: 0 }],
      jobs: [{ id: 1, location_index: 1, delivery: [1] }, { id: 2, location_index: 1, delivery: [1] }, { id: 3, location_index: 1 }],
      matrices: { car: { durations: [[0, 10], [10, 0]] } },
    });
    const byVehicle = Object.fromEntries(sol.routes!.map((r) => [r.vehicle, kinds(r.steps)]));
    expect(byVehicle[2]).toEqual(['start', 'job:3', 'end']);
    expect(sol.summary!.unassigned).toBe(1);
  });

  it('serves all 80 jobs of a pickup-and-delivery day that the sum check would cut in half', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const depot: [number, number] = [-73.6, 45.5];
    const p: VroomProblem = {
      vehicles: [1, 2, 3, 4].map((id) => ({ id, start: depot, end: depot, capacity: [10], time_window: [28800, 64800] as [number, number] })),
      jobs: Array.from({ length: 80 }, (_, k) => ({
        id: k + 1,
        location: [-73.6 + (rnd() - 0.5) * 0.2, 45.5 + (rnd() - 0.5) * 0.15] as [number, number],
        service: 60,
        ...(k % 2 ? { pickup: [1] } : { delivery: [1] }),
      })),
    };
    const sol = solve(p, 1000);
    expect(sol.summary!.unassigned).toBe(0);
    for (const r of sol.routes!) for (const s of r.steps) expect(s.load![0]).toBeLessThanOrEqual(10);
  }, 60_000);

  it('serves the higher priority first, even at a higher cost, and sums priorities', () => {
    const p: VroomProblem = {
      vehicles: [{ id: 1, start_index: 0, end_index: 0, time_window: [0, 300] }],
      jobs: [
        { id: 1, location_index: 1, service: 10 },
        { id: 2, location_index: 2, service: 10 },
      ],
      matrices: { car: { durations: [[0, 100, 140], [100, 0, 200], [140, 200, 0]] } },
    };
    expect(solve(p).routes![0]!.steps.find((s) => s.type === 'job')!.id).toBe(1);
    p.jobs![1]!.priority = 10;
    const sol = solve(p);
    expect(sol.routes![0]!.steps.find((s) => s.type === 'job')!.id).toBe(2);
    expect([sol.summary!.priority, sol.routes![0]!.priority, sol.unassigned![0]!.id]).toEqual([10, 10, 1]);
  });
});

describe('VROOM API: vehicles', () => {
  const three = { car: { durations: [[0, 10, 20], [10, 0, 10], [20, 10, 0]], distances: [[0, 1000, 2000], [1000, 0, 1000], [2000, 1000, 0]] } };

  it('an open route still has start and end steps, at its first and last task', () => {
    const noEnd = solve({ vehicles: [{ id: 1, start_index: 0 }], jobs: [{ id: 1, location_index: 1, service: 5 }, { id: 2, location_index: 2, service: 5 }], matrices: three }).routes![0]!;
    expect(noEnd.steps.map((s) => [s.type, s.location_index, s.arrival])).toEqual([['start', 0, 0], ['job', 1, 10], ['job', 2, 25], ['end', 2, 30]]);
    const noStart = solve({ vehicles: [{ id: 1, end_index: 0 }], jobs: [{ id: 1, location_index: 1 }, { id: 2, location_index: 2 }], matrices: three }).routes![0]!;
    expect(noStart.steps.map((s) => [s.type, s.location_index, s.arrival, s.distance])).toEqual([['start', 2, 0, 0], ['job', 2, 0, 0], ['job', 1, 10, 1000], ['end', 0, 20, 2000]]);
  });

  it('costs: fixed + per_hour of travel + per_km + per_task_hour of setup and service', () => {
    const sol = solve({
      vehicles: [{ id: 1, start_index: 0, end_index: 0, costs: { fixed: 1000, per_hour: 7200, per_km: 500, per_task_hour: 3600 } }],
      jobs: [{ id: 1, location_index: 2, service: 30, setup: 6 }],
      matrices: three,
    });
    // travel 40 s × 2 + 4 km × 500 + 36 s of task time.
    expect(sol.routes![0]!.cost).toBe(1000 + 80 + 2000 + 36);
    expect(sol.summary!.cost).toBe(sol.routes![0]!.cost);
  });

  it('max_tasks, max_travel_time and max_distance limit a route', () => {
    const jobs = [{ id: 1, location_index: 1 }, { id: 2, location_index: 2 }];
    expect(solve({ vehicles: [{ id: 1, start_index: 0, end_index: 0, max_tasks: 1 }], jobs, matrices: three }).summary!.unassigned).toBe(1);
    expect(solve({ vehicles: [{ id: 1, start_index: 0, end_index: 0, max_travel_time: 39 }], jobs, matrices: three }).summary!.unassigned).toBe(1);
    expect(solve({ vehicles: [{ id: 1, start_index: 0, end_index: 0, max_distance: 3999 }], jobs, matrices: three }).summary!.unassigned).toBe(1);
    expect(solve({ vehicles: [{ id: 1, start_index: 0, end_index: 0, max_distance: 4000, max_travel_time: 40 }], jobs, matrices: three }).summary!.unassigned).toBe(0);
  });

  it('steps give a starting solution, refused when it breaks a constraint', () => {
    const jobs = [{ id: 1, location_index: 1, time_windows: [[0, 15]] as [number, number][] }, { id: 2, location_index: 2 }];
    const ok = solve({ vehicles: [{ id: 1, start_index: 0, end_index: 0, steps: [{ type: 'start' }, { type: 'job', id: 1 }, { type: 'job', id: 2 }, { type: 'end' }] }], jobs, matrices: three });
    expect(ok.summary!.unassigned).toBe(0);
    const bad = solveVroom({ vehicles: [{ id: 1, start_index: 0, end_index: 0, steps: [{ type: 'job', id: 2 }, { type: 'job', id: 1 }] }], jobs, matrices: three });
    expect(bad).toEqual({ code: 2, error: 'Infeasible route in steps for vehicle 1.' });
  });
});

describe('VROOM API: refusals name the field', () => {
  const v = { id: 1, start_index: 0, end_index: 0 };
  const m = { car: { durations: [[0, 1], [1, 0]] } };
  const cases: Array<[string, VroomProblem, RegExp]> = [
    ['shipments', { vehicles: [v], jobs: [{ id: 1, location_index: 1 }], shipments: [{}], matrices: m }, /shipments/],
    ['priority', { vehicles: [v], jobs: [{ id: 1, location_index: 1, priority: 101 }], matrices: m }, /priority.*job 1/],
    ['service_per_type', { vehicles: [v], jobs: [{ id: 1, location_index: 1, service_per_type: { '': 5 } }], matrices: m }, /service_per_type.*job 1/],
    ['speed_factor', { vehicles: [{ ...v, speed_factor: 6 }], jobs: [{ id: 1, location_index: 1 }], matrices: m }, /speed_factor.*vehicle 1/],
    ['max_load', { vehicles: [{ ...v, capacity: [1], breaks: [{ id: 1, max_load: [1, 2] }] }], jobs: [{ id: 1, location_index: 1 }], matrices: m }, /max_load.*break 1/],
    ['costs', { vehicles: [{ ...v, costs: { per_hour: 10 } }], jobs: [{ id: 1, location_index: 1 }], matrices: { car: { ...m.car, costs: [[0, 1], [1, 0]] } } }, /costs matrix.*per_hour/],
    ['time_windows', { vehicles: [v], jobs: [{ id: 1, location_index: 1, time_windows: [[0, 10], [5, 20]] }], matrices: m }, /overlapping time_windows.*job 1/],
    ['delivery', { vehicles: [{ ...v, capacity: [1] }], jobs: [{ id: 1, location_index: 1, delivery: [1, 1] }], matrices: m }, /delivery length.*job 1/],
    ['break id', { vehicles: [{ ...v, breaks: [{ id: 1 }, { id: 1 }] }], jobs: [{ id: 1, location_index: 1 }], matrices: m }, /Duplicate break id/],
    ['steps', { vehicles: [{ ...v, steps: [{ type: 'pickup', id: 1 }] }], jobs: [{ id: 1, location_index: 1 }], matrices: m }, /pickup.*steps/],
    ['location_index', { vehicles: [v], jobs: [{ id: 1, location_index: 5 }], matrices: m }, /location_index 5/],
    ['start/end', { vehicles: [{ id: 1 }], jobs: [{ id: 1, location_index: 1 }], matrices: m }, /No start or end/],
    ['location_index without matrices', { vehicles: [{ id: 1, start: [0, 0] }], jobs: [{ id: 1, location: [0, 0.01], location_index: 1 }] }, /Unexpected location index/],
    ['matrices without location_index', { vehicles: [{ id: 1, start: [0, 0] }], jobs: [{ id: 1, location: [0, 0.01] }], matrices: m }, /Missing location index/],
    ['distances for one profile only', { vehicles: [v, { ...v, id: 2, profile: 'bike' }], jobs: [{ id: 1, location_index: 1 }], matrices: { car: { ...m.car, distances: m.car.durations }, bike: m.car } }, /Missing distances matrix for bike/],
    ['per_km without distances', { vehicles: [{ ...v, costs: { per_km: 3 } }], jobs: [{ id: 1, location_index: 1 }], matrices: m }, /per_km.*distances matrix/],
  ];
  it.each(cases)('%s', (_name, problem, message) => {
    const sol = solveVroom(problem);
    expect(sol.code).toBe(2);
    expect(sol.error).toMatch(message);
  });
});

describe('VROOM API: every written route keeps every rule (random problems)', () => {
  it('windows, breaks, setups, loads and max_load hold on each step; times add up', () => {
    let seed = 11;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
    let served = 0;
    let breaksWaiting = 0;
    for (let trial = 0; trial < 25; trial++) {
      const n = 14;
      const L = 8;
      const durations = Array.from({ length: L }, (_, a) => Array.from({ length: L }, (_, b) => (a === b ? 0 : int(5, 90))));
      const p: VroomProblem = {
        vehicles: [1, 2].map((id) => ({
          id,
          start_index: 0,
          ...(trial % 3 ? { end_index: 0 } : {}),
          type: id === 1 ? 'van' : 'truck',
          capacity: [4],
          speed_factor: [1, 1.3, 2][trial % 3]!,
          time_window: [0, 2000] as [number, number],
          breaks: [
            { id: 1, service: int(10, 60), time_windows: [[int(0, 300), int(400, 600)], [int(800, 900), int(1000, 1200)]] as [number, number][] },
            { id: 2, service: int(10, 60), time_windows: [[int(900, 1200), 1900]] as [number, number][], max_load: [int(0, 2)] },
          ],
        })),
        jobs: Array.from({ length: n }, (_, k) => {
          const s = int(0, 1500);
          return {
            id: k + 1,
            location_index: int(1, L - 1),
            setup: int(0, 20),
            service: int(0, 40),
            service_per_type: { van: int(0, 80) },
            ...(k % 3 === 0 ? { pickup: [1] } : { delivery: [int(0, 2)] }),
            time_windows: [[s, s + int(50, 400)]] as [number, number][],
          };
        }),
        matrices: { car: { durations } },
      };
      const sol = solve(p, 150);
      served += n - sol.summary!.unassigned;
      for (const r of sol.routes!) {
        breaksWaiting += r.steps.filter((s) => s.type === 'break' && s.waiting_time > 0).length;
        const veh = p.vehicles.find((v) => v.id === r.vehicle)!;
        let prevEnd = r.steps[0]!.arrival;
        let prevLoc: number | undefined = veh.start_index;
        expect(r.steps[0]!.type).toBe('start');
        expect(r.steps.at(-1)!.type).toBe('end');
        expect(r.steps.filter((s) => s.type === 'break').map((s) => s.id).sort()).toEqual([1, 2]);
        for (const s of r.steps.slice(1)) {
          expect(s.arrival).toBeGreaterThanOrEqual(prevEnd);
          expect(s.load![0]).toBeLessThanOrEqual(4);
          const start = s.arrival + s.waiting_time;
          if (s.type === 'job') {
            const job = p.jobs!.find((j) => j.id === s.id)!;
            const tw = job.time_windows![0]!;
            expect(start).toBeGreaterThanOrEqual(tw[0]);
            expect(start).toBeLessThanOrEqual(tw[1]);
            expect(s.setup).toBe(job.location_index === prevLoc ? 0 : job.setup);
            expect(s.service).toBe(veh.type === 'van' ? job.service_per_type!.van : job.service);
            prevLoc = job.location_index;
          }
          if (s.type === 'break') {
            const b = veh.breaks!.find((x) => x.id === s.id)!;
            expect(b.time_windows!.some((w) => start >= w[0] && start <= w[1])).toBe(true);
            if (b.max_load) expect(s.load![0]).toBeLessThanOrEqual(b.max_load[0]!);
          }
          prevEnd = start + s.setup + s.service;
        }
        expect(r.steps.at(-1)!.arrival).toBeLessThanOrEqual(2000);
        const last = r.steps.at(-1)!;
        expect(last.duration).toBe(r.duration);
        expect(r.service).toBe(r.steps.reduce((a, s) => a + s.service, 0));
        expect(r.waiting_time).toBe(r.steps.reduce((a, s) => a + s.waiting_time, 0));
        expect(last.arrival - r.steps[0]!.arrival).toBe(r.duration + r.setup + r.service + r.waiting_time);
      }
    }
    // The cases are not empty: most jobs are served, and some breaks absorb waiting.
    expect(served).toBeGreaterThan(25 * 14 * 0.5);
    expect(breaksWaiting).toBeGreaterThan(0);
  }, 60_000);
});
