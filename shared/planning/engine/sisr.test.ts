import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildInstance, type Instance } from './model.ts';
import { evaluateRoute } from './schedule.ts';
import { GRANULAR_MIN_VEHICLES, GRANULAR_NEIGHBOURS, LARGE_FLEET_MAX_STRING, RESTART_IDLE_PER_JOB, searchBudget, solveInstance, WARM_MIN_VEHICLES, WARM_PENALTY, WARM_PHASE, WORK_UNITS_PER_MS, type SearchResult } from './sisr.ts';
import { Solution } from './solution.ts';
import { Rng } from '../rng.ts';

/**
 * A random Solomon-like VRPTW; vehicle 0 may not work in [300, 400]. Options: `asymmetric` roads;
 * `slowDirect`, one road in four takes twice its straight line, so a detour through a third place
 * can be quicker than the direct road (as on a road network's matrix, which need not meet the
 * triangle inequality); `blockedAll`, every vehicle has the blocked interval; `negativeLeg`, the
 * road from customer 1 to customer 2 takes -50 (a matrix no road gives, which the engine must still honour).
 */
function randomVrptw(seed: number, n: number, m: number, cap: number, { asymmetric = false, slowDirect = false, blockedAll = false, negativeLeg = false } = {}) {
  const rng = new Rng(seed);
  const pts = Array.from({ length: n + 1 }, () => [rng.next() * 100, rng.next() * 100] as const);
  const N = n + 1;
  const d = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) d[i * N + j] = Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]) * (asymmetric && i < j ? 1.3 : 1);
  if (slowDirect) {
    for (let i = 0; i < N; i++) {
      for (let j = i + 1; j < N; j++) {
        if (rng.next() < 0.25) {
          d[i * N + j] = 2 * d[i * N + j]!;
          d[j * N + i] = 2 * d[j * N + i]!;
        }
      }
    }
  }
  if (negativeLeg) d[1 * N + 2] = -50;
  return buildInstance({
    nLocs: N,
    matrices: [{ durations: d, distances: d }],
    jobs: Array.from({ length: n }, (_, k) => {
      const a = rng.next() * 800;
      const twoWindows = rng.next() < 0.2;
      return {
        loc: k + 1,
        service: 10,
        windows: twoWindows ? [[a, a + 40] as const, [a + 200, a + 260] as const] : [[a, a + 30 + rng.next() * 200] as const],
        demand: [1 + Math.floor(rng.next() * 20)],
      };
    }),
    vehicles: Array.from({ length: m }, (_, v) => ({
      start: 0,
      end: 0,
      window: [0, 1200] as const,
      capacity: [cap],
      perDistance: 1,
      blocked: v === 0 || blockedAll ? [[300, 400] as const] : [],
    })),
    eligible: (v, j) => !(v === 1 && j % 3 === 0),
  });
}

/** Places on a line at `xs`: travel takes |x_i - x_j| in time and in distance. */
function onALine(xs: number[]) {
  const N = xs.length;
  const d = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) d[i * N + j] = Math.abs(xs[i]! - xs[j]!);
  return { nLocs: N, matrices: [{ durations: d, distances: d }] };
}

/** Every route of the result meets its vehicle's constraints, and the result's cost is the routes' own. */
function expectFeasibleAndPriced(inst: Instance, res: SearchResult): void {
  let cost = 0;
  res.routes.forEach((r, v) => {
    const e = evaluateRoute(inst, v, r);
    expect(e.violations).toEqual([]);
    cost += e.cost;
  });
  expect(res.cost).toBeCloseTo(cost, 6);
}

describe('SISR engine', () => {
  // Regret 1: every recreate inserts by regret-2 (cached per-route best positions, class heirs, eligibility).
  // Ejection 1: every recreate that leaves a job out tries it by ejection (trials undone in place).
  // Granular 2: each job is first tried only in the routes of its 2 nearest jobs and the empty vehicles
  // (then everywhere, except the retried unserved ones): docs/decisions/0405.
  // Local search: relocate, swap and 2-opt* on each new best and at the end (docs/decisions/0415).
  // Return to best 10: the search goes back to the best plan after 10 iterations without a new one (ADR 0455).
  it.each([
    [0, 0, 0, false, undefined],
    [1, 0, 0, false, undefined],
    [0, 1, 0, false, undefined],
    [0, 0, 2, false, undefined],
    [0, 1, 2, false, undefined],
    [0, 0, 0, true, undefined],
    [0, 1, 2, true, undefined],
    [0, 0, 0, false, 10],
    [0, 1, 2, true, 10],
  ])('returns feasible routes, each job at most once, cost equal to an independent sum (regret %s, ejection %s, granular %s, local search %s, return to best after %s idle iterations, undefined: the default)', (regret, ejection, granular, localSearch, restartIdle) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 5, max: 40 }), fc.integer({ min: 1, max: 6 }), (seed, n, m) => {
        const inst = randomVrptw(seed, n, m, 60);
        const res = solveInstance(inst, { maxIterations: 200, timeLimitMs: 5000, seed, regret, ejection, granular, localSearch, restartIdle });
        const seen = new Set<number>();
        let cost = 0;
        res.routes.forEach((r, v) => {
          for (const j of r) {
            expect(seen.has(j)).toBe(false);
            seen.add(j);
            expect(inst.allowed[v * inst.nJobs + j]).toBe(1);
          }
          const e = evaluateRoute(inst, v, r);
          expect(e.violations).toEqual([]);
          let dist = 0;
          let prev = 0;
          for (const j of r) {
            dist += inst.vDist[v]![prev * inst.nLocs + j + 1]!;
            prev = j + 1;
          }
          if (r.length) dist += inst.vDist[v]![prev * inst.nLocs]!;
          cost += dist;
          // Vehicle 0 never serves or travels inside its blocked interval [300, 400].
          if (v === 0) for (const s of e.steps.filter((x) => x.kind === 'job')) expect(s.start + s.service <= 300 || s.start >= 400).toBe(true);
        });
        for (const j of res.unassigned) expect(seen.has(j)).toBe(false);
        expect(seen.size + res.unassigned.length).toBe(n);
        expect(res.cost).toBeCloseTo(cost, 6);
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('refuses positions on times alone only where no travel takes negative time', () => {
    expect(Array.from(randomVrptw(5, 30, 4, 80).vNonNegative)).toEqual([1, 1, 1, 1]);
    // B fits after A only because the road A → B takes -30: A ends at 50, B starts at 20 and ends
    // at 30, the vehicle is back at 30, before 40. A refusal on times alone would leave B out.
    const d = new Float64Array(9);
    d[1 * 3 + 2] = -30;
    const timeTravel = buildInstance({
      nLocs: 3,
      matrices: [{ durations: d, distances: new Float64Array(9) }],
      jobs: [
        { loc: 1, service: 50, windows: [[0, 0]] },
        { loc: 2, service: 10, windows: [[20, 25]] },
      ],
      vehicles: [{ start: 0, end: 0, window: [0, 40] }],
    });
    expect(Array.from(timeTravel.vNonNegative)).toEqual([0]);
    const both = solveInstance(timeTravel, { maxIterations: 50, timeLimitMs: 5000, seed: 1 });
    expect(both.routes).toEqual([[0, 1]]);
    expect(evaluateRoute(timeTravel, 0, [0, 1]).violations).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const inst = randomVrptw(seed, 30, 4, 80, { negativeLeg: true });
        expect(Array.from(inst.vNonNegative)).toEqual([0, 0, 0, 0]);
        expectFeasibleAndPriced(inst, solveInstance(inst, { maxIterations: 300, timeLimitMs: 5000, seed }));
      }),
      { numRuns: 10 },
    );
  });

  it('keeps its unserved jobs and empty routes counted through insertions, removals and copies', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const inst = randomVrptw(seed, 70, 5, 1e9);
        // Symmetric roads: one interleaved array serves the legs into and out of every location.
        expect(inst.vIn[0]).toBe(inst.vOut[0]);
        const rng = new Rng(seed);
        const a = new Solution(inst);
        const b = new Solution(inst);
        const drop = new Uint8Array(inst.nJobs + 2);
        const out = new Int32Array(inst.nJobs);
        const check = (s: Solution) => {
          const unserved = Array.from({ length: inst.nJobs }, (_, j) => j).filter((j) => s.routeOf[j] === -1);
          expect(s.absent()).toEqual(unserved);
          expect(s.absentCount()).toBe(unserved.length);
          expect(s.emptyCount).toBe(Array.from(s.len).filter((l) => l === 0).length);
          let total = s.routesCost();
          let penalties = 0;
          for (const j of unserved) {
            total += inst.jobPenalty[j]!;
            penalties += inst.jobPenalty[j]!;
          }
          expect(s.total()).toBe(total);
          expect(s.absentPenalty()).toBe(penalties);
        };
        check(a);
        for (let step = 0; step < 200; step++) {
          const unserved = a.absent();
          if (unserved.length > 0 && rng.next() < 0.6) {
            const v = rng.int(0, 4);
            a.insert(v, rng.int(0, a.len[v]!), unserved[rng.int(0, unserved.length - 1)]!);
          } else {
            const v = rng.int(0, 4);
            for (let k = 1; k <= a.len[v]!; k++) drop[k] = rng.next() < 0.4 ? 1 : 0;
            a.removeFlagged(v, drop, out, 0);
          }
          check(a);
          if (step % 7 === 0) {
            b.copyFrom(a);
            check(b);
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it('incremental insertion keeps the cached slack data equal to a full recomputation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const inst = randomVrptw(seed, 25, 3, 1e9, { asymmetric: seed % 2 === 0 });
        const rng = new Rng(seed);
        const a = new Solution(inst);
        for (let j = 0; j < inst.nJobs; j++) {
          const v = rng.int(0, 2);
          a.insert(v, rng.int(0, a.len[v]!), j);
        }
        const b = new Solution(inst);
        b.copyFrom(a);
        for (let v = 0; v < 3; v++) b.update(v);
        for (let v = 0; v < 3; v++) {
          const base = v * a.stride;
          for (let k = 0; k <= a.len[v]! + 1; k++) {
            expect(a.dep[base + k]).toBeCloseTo(b.dep[base + k]!, 6);
            expect(a.lat[base + k]).toBeCloseTo(b.lat[base + k]!, 6);
            expect(a.locs[base + k]).toBe(b.locs[base + k]);
            if (k > a.len[v]!) continue;
            // The cached legs are the matrices' values (read by insertion scans instead of the matrices).
            const arc = a.locs[base + k]! * inst.nLocs + a.locs[base + k + 1]!;
            expect(a.legDur[base + k]).toBe(inst.vDur[v]![arc]);
            expect(a.legDist[base + k]).toBe(inst.vDist[v]![arc]);
            expect(a.legArc[base + k]).toBe(inst.vArc[v]![arc]);
          }
          expect(a.dist[v]).toBeCloseTo(b.dist[v]!, 6);
          expect(a.cost[v]).toBeCloseTo(b.cost[v]!, 6);
        }
        expect(Array.from(a.posOf)).toEqual(Array.from(b.posOf));
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('checks blocked intervals from the insertion point on, as a simulation of the whole route does', () => {
    // Stored routes are built by random insertions, so some are already late: the check must then
    // still simulate to the end rather than trust the stored route.
    let refused = 0;
    let accepted = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const base = randomVrptw(seed, 24, 3, 1e9, { slowDirect: seed % 2 === 0, negativeLeg: seed % 3 === 0 });
        const rng = new Rng(seed);
        const intervals = () => {
          const list = Array.from({ length: rng.int(1, 3) }, () => {
            const s = rng.next() * 1000;
            return [s, s + 20 + rng.next() * 150];
          });
          return Float64Array.from(list.sort((a, b) => a[0]! - b[0]!).flat());
        };
        const inst: Instance = { ...base, vBlocked: [intervals(), intervals(), intervals()] };
        const timely = (v: number, jobs: number[]) =>
          evaluateRoute(inst, v, jobs).violations.every((x) => !x.startsWith('late:') && x !== 'end_after_working_hours');
        const sol = new Solution(inst);
        const copy = new Solution(inst);
        const drop = new Uint8Array(inst.nJobs + 2);
        const out = new Int32Array(inst.nJobs);
        for (let step = 0; step < 40; step++) {
          const v = rng.int(0, 2);
          const absent = sol.absent();
          if (absent.length > 0 && rng.next() < 0.7) sol.insert(v, rng.int(0, sol.len[v]!), absent[rng.int(0, absent.length - 1)]!);
          else {
            for (let k = 1; k <= sol.len[v]!; k++) drop[k] = rng.next() < 0.3 ? 1 : 0;
            sol.removeFlagged(v, drop, out, 0);
          }
          const s = step % 5 === 0 ? (copy.copyFrom(sol), copy) : sol;
          for (let w = 0; w < 3; w++) {
            const route = s.route(w);
            expect(s.feasibleWithBlocked(w, route.length, -1)).toBe(timely(w, route));
            for (const u of s.absent()) {
              for (let k = 0; k <= route.length; k++) {
                const ok = timely(w, [...route.slice(0, k), u, ...route.slice(k)]);
                expect(s.feasibleWithBlocked(w, k, u)).toBe(ok);
                if (ok) accepted++;
                else refused++;
              }
            }
          }
        }
      }),
      { numRuns: 40 },
    );
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  }, 60_000);

  it('reads asymmetric matrices the right way round (interleaved legs out of and into each location for the insertion scan)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const inst = randomVrptw(seed, 30, 4, 80, { asymmetric: true });
        const N = inst.nLocs;
        expect(inst.vIn[0]).not.toBe(inst.vOut[0]);
        for (let i = 0; i < N; i++) {
          for (let j = 0; j < N; j++) {
            const c = i * N + j;
            expect([inst.vOut[0]![3 * c], inst.vOut[0]![3 * c + 1], inst.vOut[0]![3 * c + 2]]).toEqual([inst.vDur[0]![c], inst.vArc[0]![c], inst.vDist[0]![c]]);
            const t = j * N + i;
            expect([inst.vIn[0]![3 * t], inst.vIn[0]![3 * t + 1], inst.vIn[0]![3 * t + 2]]).toEqual([inst.vDur[0]![c], inst.vArc[0]![c], inst.vDist[0]![c]]);
          }
        }
        expectFeasibleAndPriced(inst, solveInstance(inst, { maxIterations: 200, timeLimitMs: 5000, seed }));
      }),
      { numRuns: 10 },
    );
  }, 60_000);

  it('goes back to the best plan after restartIdle iterations without a new best when it serves every job it may, never with 0', () => {
    const inst = randomVrptw(7, 40, 5, 80);
    const base = { maxIterations: 3000, seed: 4, timeLimitMs: 1e9 };
    const off = solveInstance(inst, { ...base, restartIdle: 0 });
    expect(off.returns).toBe(0);
    for (const restartIdle of [-1, Number.NaN]) expect(solveInstance(inst, { ...base, restartIdle }).routes).toEqual(off.routes);
    // A threshold the run never reaches changes nothing.
    const unreached = solveInstance(inst, { ...base, restartIdle: 3000 });
    expect(unreached.returns).toBe(0);
    expect(unreached.routes).toEqual(off.routes);
    const often = solveInstance(inst, { ...base, restartIdle: 50 });
    expect(often.returns).toBeGreaterThan(0);
    expect(often.returns).toBeLessThanOrEqual(3000 / 51);
    expect(often.routes).not.toEqual(off.routes);
    // Never while the best plan leaves out a job a vehicle may take: the search keeps making room.
    const crowded = solveInstance(randomVrptw(7, 40, 1, 30), { ...base, restartIdle: 50 });
    expect(crowded.unassigned.length).toBeGreaterThan(0);
    expect(crowded.returns).toBe(0);
    // By default after RESTART_IDLE_PER_JOB iterations per job: 750 for 5 jobs, where a search soon stops improving.
    const small = solveInstance(randomVrptw(3, 5, 2, 80), { ...base, maxIterations: 5000 });
    expect(small.returns).toBeGreaterThan(0);
    expect(small.returns).toBeLessThanOrEqual(Math.floor(5000 / (RESTART_IDLE_PER_JOB * 5 + 1)));
  });

  it('is deterministic for a seed and an iteration cap', () => {
    const inst = randomVrptw(5, 30, 4, 80);
    const a = solveInstance(inst, { maxIterations: 300, seed: 9, timeLimitMs: 1e6 });
    const b = solveInstance(inst, { maxIterations: 300, seed: 9, timeLimitMs: 1e6 });
    expect(a.routes).toEqual(b.routes);
  });

  it('spends a work budget, not wall time: a slow clock (a loaded machine) gives the same answer', () => {
    const inst = randomVrptw(11, 40, 5, 80);
    const maxWork = 400_000;
    const quiet = solveInstance(inst, { maxWork, seed: 3, timeLimitMs: 1e9 });
    // A clock that advances 1 ms per reading: the run looks hundreds of times slower.
    let t = 0;
    const loaded = solveInstance(inst, { maxWork, seed: 3, timeLimitMs: 1e9, now: () => (t += 1) });
    expect(loaded.routes).toEqual(quiet.routes);
    expect(loaded.iterations).toBe(quiet.iterations);
    expect(quiet.work).toBeGreaterThanOrEqual(maxWork);
    expect(quiet.stoppedBySafety).toBe(false);
  });

  it('stops at the wall-clock safety limit and says so', () => {
    const inst = randomVrptw(12, 40, 5, 80);
    let t = 0;
    const res = solveInstance(inst, { effortMs: 60_000, timeLimitMs: 50, seed: 1, now: () => (t += 1) });
    expect(res.stoppedBySafety).toBe(true);
    expect(res.work).toBeLessThan(60_000 * WORK_UNITS_PER_MS);
    for (const [v, r] of res.routes.entries()) expect(evaluateRoute(inst, v, r).feasible).toBe(true);
  });

  it('derives the work budget and the safety stop from the options', () => {
    expect(searchBudget({})).toEqual({ maxWork: 1000 * WORK_UNITS_PER_MS, timeLimitMs: 10_000 });
    expect(searchBudget({ effortMs: 2000, timeLimitMs: 5000 })).toEqual({ maxWork: 2000 * WORK_UNITS_PER_MS, timeLimitMs: 5000 });
    expect(searchBudget({ maxIterations: 10 }).maxWork).toBe(Infinity);
    expect(searchBudget({ maxWork: 5 * WORK_UNITS_PER_MS }).timeLimitMs).toBe(2000);
  });

  it('inserts granularly from GRANULAR_MIN_VEHICLES vehicles on by default, and exactly as before below', () => {
    const below = randomVrptw(21, 60, GRANULAR_MIN_VEHICLES - 1, 40);
    const run = (inst: typeof below, granular?: number) => solveInstance(inst, { maxIterations: 150, timeLimitMs: 1e6, seed: 4, ...(granular === undefined ? {} : { granular }) });
    expect(run(below).routes).toEqual(run(below, 0).routes);
    const large = randomVrptw(21, 60, GRANULAR_MIN_VEHICLES, 40);
    const byDefault = run(large);
    expect(byDefault.routes).toEqual(run(large, GRANULAR_NEIGHBOURS).routes);
    for (const [v, r] of byDefault.routes.entries()) expect(evaluateRoute(large, v, r).violations).toEqual([]);
    expect(new Set(byDefault.routes.flat()).size + byDefault.unassigned.length).toBe(60);
  });

  it('takes strings of at most LARGE_FLEET_MAX_STRING jobs by default from GRANULAR_MIN_VEHICLES vehicles, of at most 10 below', () => {
    const run = (inst: ReturnType<typeof randomVrptw>, maxString?: number) =>
      solveInstance(inst, { maxIterations: 100, timeLimitMs: 1e6, seed: 4, ...(maxString === undefined ? {} : { maxString }) }).routes;
    const below = randomVrptw(23, 300, GRANULAR_MIN_VEHICLES - 1, 60);
    expect(run(below)).toEqual(run(below, 10));
    expect(run(below)).not.toEqual(run(below, LARGE_FLEET_MAX_STRING));
    const large = randomVrptw(23, 300, GRANULAR_MIN_VEHICLES, 60);
    expect(run(large)).toEqual(run(large, LARGE_FLEET_MAX_STRING));
    expect(run(large)).not.toEqual(run(large, 10));
  });

  it('runs the local search by default from GRANULAR_MIN_VEHICLES vehicles, and not below', () => {
    const run = (inst: ReturnType<typeof randomVrptw>, localSearch?: boolean) =>
      solveInstance(inst, { maxWork: 2_000_000, timeLimitMs: 1e6, seed: 4, ...(localSearch === undefined ? {} : { localSearch }) });
    const below = randomVrptw(22, 60, GRANULAR_MIN_VEHICLES - 1, 40);
    expect(run(below).routes).toEqual(run(below, false).routes);
    const large = randomVrptw(22, 60, GRANULAR_MIN_VEHICLES, 40);
    const byDefault = run(large);
    expect(byDefault.routes).toEqual(run(large, true).routes);
    expect(byDefault.work).toBeLessThan(2_000_000 + 200_000);
    for (const [v, r] of byDefault.routes.entries()) expect(evaluateRoute(large, v, r).violations).toEqual([]);
  });

  it('weighs unserved jobs lightly early on by default from WARM_MIN_VEHICLES vehicles, and exactly as before below', () => {
    const run = (inst: ReturnType<typeof randomVrptw>, warm?: { warmPenalty: number; warmPhase?: number }) =>
      solveInstance(inst, { maxWork: 1_000_000, timeLimitMs: 1e6, seed: 4, ...warm });
    // Solomon's fleets (25 vehicles) stay below the threshold.
    expect(WARM_MIN_VEHICLES).toBeGreaterThan(25);
    const below = randomVrptw(24, 200, WARM_MIN_VEHICLES - 1, 25);
    expect(run(below).routes).toEqual(run(below, { warmPenalty: 0 }).routes);
    expect(run(below).routes).not.toEqual(run(below, { warmPenalty: WARM_PENALTY }).routes);
    const large = randomVrptw(24, 200, WARM_MIN_VEHICLES, 25);
    const byDefault = run(large);
    expect(byDefault.routes).toEqual(run(large, { warmPenalty: WARM_PENALTY, warmPhase: WARM_PHASE }).routes);
    expect(byDefault.routes).not.toEqual(run(large, { warmPenalty: 0 }).routes);
    expectFeasibleAndPriced(large, byDefault);
  });

  it('judges new bests with the full penalty: a job the light early penalty let go is still served in the result', () => {
    // One vehicle at x = 0, four jobs near it and one at x = 100 whose window leaves it one position
    // (last): blinks often leave it out, and under a penalty of a millionth of a mean arc dropping it
    // is always accepted; the result must still serve it.
    const inst = buildInstance({
      ...onALine([0, 5, 10, 15, 20, 100]),
      jobs: [1, 2, 3, 4, 5].map((loc) => ({ loc, service: 5, windows: [loc === 5 ? ([500, 600] as const) : ([0, 400] as const)] })),
      vehicles: [{ start: 0, end: 0, window: [0, 1000] as const, perDistance: 1 }],
    });
    const served = (warmPenalty: number) => solveInstance(inst, { maxIterations: 400, timeLimitMs: 1e6, seed: 3, blinkRate: 0.5, warmPenalty, warmPhase: 1 });
    for (const res of [served(0), served(1e-6)]) {
      expect(res.unassigned).toEqual([]);
      expect(res.cost).toBe(200);
    }
  });

  it('local search: 2-opt* and relocations give each technician the jobs near home', () => {
    // Two technicians on a line, homes at x = 0 and x = 100; each starts with the other's two jobs.
    const inst = buildInstance({
      ...onALine([0, 100, 10, 20, 80, 90]),
      jobs: [2, 3, 4, 5].map((loc) => ({ loc, service: 5, windows: [[0, 1000] as const] })),
      vehicles: [0, 1].map((home) => ({ start: home, end: home, window: [0, 1000] as const })),
      initialRoutes: [[2, 3], [0, 1]],
    });
    const without = solveInstance(inst, { maxIterations: 0, localSearch: false });
    expect(without.cost).toBe(360);
    const res = solveInstance(inst, { maxIterations: 0, localSearch: true });
    expect(res.cost).toBe(80);
    expect(res.routes.map((r) => [...r].sort())).toEqual([[0, 1], [2, 3]]);
    expect(res.unassigned).toEqual([]);
  });

  it('local search never makes the plan worse and keeps it feasible (blocked intervals, two windows, eligibility)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const inst = randomVrptw(seed, 30, 4, 60);
        // No iteration: the initial plan, then (b) the final local search on it, which moves jobs but never drops one.
        const a = solveInstance(inst, { maxIterations: 0, timeLimitMs: 1e6, seed, localSearch: false });
        const b = solveInstance(inst, { maxIterations: 0, timeLimitMs: 1e6, seed, localSearch: true });
        expect(b.unassigned).toEqual(a.unassigned);
        expect(b.cost).toBeLessThanOrEqual(a.cost + 1e-9);
        for (const [v, r] of b.routes.entries()) expect(evaluateRoute(inst, v, r).violations).toEqual([]);
        expect(new Set([...b.routes.flat(), ...b.unassigned]).size).toBe(30);
      }),
      { numRuns: 20 },
    );
  }, 60_000);

  it('keeps every job once and every route feasible when many jobs stay unserved (sampled retries, granular)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 0, max: 3 }), (seed, granular) => {
        // Capacity 30 for demands of 1 to 20 on 3 vehicles: most of the 80 jobs stay out, so only a sample is retried each time.
        const inst = randomVrptw(seed, 80, 3, 30);
        const res = solveInstance(inst, { maxIterations: 300, timeLimitMs: 1e6, seed, granular });
        expect(res.unassigned.length).toBeGreaterThan(16);
        const seen = res.routes.flat();
        expect(new Set([...seen, ...res.unassigned]).size).toBe(80);
        expect(seen.length + res.unassigned.length).toBe(80);
        for (const [v, r] of res.routes.entries()) expect(evaluateRoute(inst, v, r).violations).toEqual([]);
      }),
      { numRuns: 10 },
    );
  }, 60_000);

  it('knows when taking a job out breaks a route (Solution.feasible agrees with evaluateRoute)', () => {
    let broken = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 2, max: 4 }), (seed, m) => {
        const inst = randomVrptw(seed, 30, m, 60, { slowDirect: true, blockedAll: true });
        const start = solveInstance(inst, { maxIterations: 0, timeLimitMs: 1e6, seed, localSearch: false });
        const sol = new Solution(inst);
        const rng = new Rng(seed);
        const drop = new Uint8Array(inst.nJobs + 2);
        const out = new Int32Array(inst.nJobs);
        for (let v = 0; v < m; v++) {
          start.routes[v]!.forEach((j, k) => sol.insert(v, k, j));
          expect(sol.feasible(v)).toBe(true);
          for (let trial = 0; trial < 10 && sol.len[v]! > 0; trial++) {
            const route = sol.route(v);
            const p = rng.int(1, route.length);
            drop[p] = 1;
            sol.removeFlagged(v, drop, out, 0);
            const left = evaluateRoute(inst, v, sol.route(v)).feasible;
            expect(sol.feasible(v)).toBe(left);
            if (!left) broken++;
            sol.insert(v, p - 1, out[0]!);
            expect(sol.route(v)).toEqual(route);
          }
        }
      }),
      { numRuns: 300 },
    );
    // Some removals do break a route (about one trial in 30), or this test would prove nothing.
    expect(broken).toBeGreaterThan(0);
  }, 60_000);

  it('local search keeps a route it takes a job from feasible (a found case: the stop before a blocked interval)', () => {
    const inst = randomVrptw(700558, 37, 2, 60);
    const res = solveInstance(inst, { maxIterations: 200, timeLimitMs: 1e6, seed: 700558, regret: 0, ejection: 0, granular: 0, localSearch: true });
    for (const [v, r] of res.routes.entries()) expect(evaluateRoute(inst, v, r).violations).toEqual([]);
  });

  it('keeps frozen routes untouched', () => {
    const base = randomVrptw(3, 12, 3, 200);
    const inst = { ...base, vFrozen: Uint8Array.from([1, 0, 0]), initialRoutes: [[4, 2], [], []] };
    const res = solveInstance(inst, { maxIterations: 200 });
    expect(res.routes[0]).toEqual([4, 2]);
  });
});
