import { evaluateRoute } from './schedule.ts';
import type { Instance } from './model.ts';
import { lowestBitJob, Solution } from './solution.ts';
import { Rng } from '../rng.ts';

/**
 * Ruin-and-recreate search: Slack Induction by String Removals (SISR, Christiaens and
 * Vanden Berghe, Transportation Science 2020) with simulated-annealing acceptance over a
 * time (or iteration) budget. Ruin removes a few strings of consecutive jobs from routes
 * close to a random seed job; recreate reinserts every unserved job at its cheapest feasible
 * position with "blinks" (positions skipped at random). See docs/decisions/0030.
 */
export interface SearchOptions {
  /**
   * Search effort in milliseconds of a quiet machine: a budget in work done (evaluated insertion
   * positions and route updates, `WORK_UNITS_PER_MS` units per ms), so the result does not depend
   * on the machine's load (docs/decisions/0105). Default 1000 when no other budget is given.
   */
  effortMs?: number;
  /** Work budget in raw work units (overrides `effortMs`). */
  maxWork?: number;
  /**
   * Wall-clock safety stop in milliseconds (default 10 × effortMs, at least 2 s). Only reached on
   * a machine several times slower than the quiet reference; the run is then cut short.
   */
  timeLimitMs?: number;
  /** Iteration cap. Every budget but the safety stop is counted in work, so a run is deterministic for a seed. */
  maxIterations?: number;
  seed?: number;
  /** Average number of removed jobs per ruin (c̄, default 10). */
  avgRemoved?: number;
  /**
   * Maximum string length (L^max): default 10, and `LARGE_FLEET_MAX_STRING` on fleets of
   * `GRANULAR_MIN_VEHICLES` or more (docs/decisions/0500).
   */
  maxString?: number;
  blinkRate?: number;
  /** Split-string ruin: probability of preserving one more customer inside the removed span (default 0.5). */
  splitDepth?: number;
  /**
   * Probability that a recreate inserts by regret-2 (the job whose best and second-best routes
   * differ most goes first) instead of in the sorted order (default 0).
   */
  regret?: number;
  /**
   * Probability that a recreate which left a job unserved tries one of them by ejection (another
   * job out of a route to make room, then placed elsewhere: `insertByEjection`). Default 0.
   */
  ejection?: number;
  /** Probability that a ruin is seeded on an unserved job when there are some (default 0.5). */
  absentSeed?: number;
  /** Expected number of previously unserved jobs retried per recreate when there are many (default 16). */
  absentSample?: number;
  /** Probability that a ruin empties one whole (small) route instead (default 0.05). */
  routeRemoval?: number;
  /** Start and final temperatures as fractions of the mean arc cost (defaults 1 and 0.03, docs/decisions/0315). */
  t0?: number;
  tf?: number;
  /**
   * Warm start of the unserved-job penalty (docs/decisions/0510): the acceptance test weighs an
   * unserved job `warmPenalty` mean arc costs at the start, rising geometrically to its full penalty
   * at `warmPhase` of the work budget (or of the iterations), so the early search may trade a costly
   * job for a better shape of the routes. New bests are always judged with the full penalties: what
   * the search returns still serves as many jobs as any plan it found. A penalty of 0 turns it off.
   * Defaults: `WARM_PENALTY` from `WARM_MIN_VEHICLES` vehicles, 0 below (Solomon and days of fewer
   * technicians run exactly as before, docs/decisions/0520); the phase `WARM_PHASE`.
   */
  warmPenalty?: number;
  warmPhase?: number;
  /**
   * Granular insertion (docs/decisions/0405): a job is first tried only in the routes that serve
   * one of its `granular` nearest jobs (and in the empty vehicles), and in every route only when
   * none of those has a feasible position. 0 turns it off. Default: 0 below `GRANULAR_MIN_VEHICLES`
   * vehicles (Solomon runs exactly as before), else `GRANULAR_NEIGHBOURS`.
   */
  granular?: number;
  /**
   * Local search (docs/decisions/0415): relocate, swap and 2-opt* between routes whose jobs are near
   * neighbours, first improvement, until none improves: on the routes an iteration changed whenever
   * it finds a new best, and on the whole best plan at the end. Counted in work units; the
   * ruin-and-recreate loop stops at `1 - LOCAL_SEARCH_SHARE` of the work budget to leave the last
   * one room. Default: on where granular insertion is on (fleets of `GRANULAR_MIN_VEHICLES`
   * or more), off below (Solomon runs exactly as before).
   */
  localSearch?: boolean;
  /**
   * After this many iterations without a new best, the search goes back to the best plan and
   * anneals on from there, when that plan serves every job a vehicle may take (0 or less: never).
   * Default `RESTART_IDLE_PER_JOB` × jobs (docs/decisions/0455, 0460).
   */
  restartIdle?: number;
  /** Stop after this many iterations without a new best (default: run the whole budget). */
  maxIdleIterations?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
}

export interface SearchResult {
  routes: number[][];
  unassigned: number[];
  cost: number;
  iterations: number;
  elapsedMs: number;
  /** Work units done (see `WORK_UNITS_PER_MS`). */
  work: number;
  /** True when the wall-clock safety stop ended the run before its work budget. */
  stoppedBySafety: boolean;
  /** Times the search went back to the best plan (`SearchOptions.restartIdle`). */
  returns: number;
}

/**
 * Work units per millisecond of search on a quiet machine of the project's kind (2 vCPU, Node 20),
 * measured as work per CPU millisecond (`npm run bench:solver -- --calibrate`) on Solomon instances
 * (docs/decisions/0445: 73–81 k at load 0.15–0.85). A unit of a 1,000-shooting day costs about 1.75 times as much CPU.
 */
export const WORK_UNITS_PER_MS = 75_000;

/**
 * Iterations without a new best, per job, after which the search returns to the best plan
 * (`SearchOptions.restartIdle`): 15,000 on a Solomon instance, 150,000 on a 1,000-shooting day
 * (docs/decisions/0460).
 */
export const RESTART_IDLE_PER_JOB = 150;

/** Fleets from this size on insert granularly by default (`SearchOptions.granular`). */
export const GRANULAR_MIN_VEHICLES = 50;
/** Nearest jobs whose routes a job is first tried in, on a large fleet. */
export const GRANULAR_NEIGHBOURS = 40;
/**
 * L^max on a large fleet: a business day's routes are short (about 6 shootings on the 1,000-shooting
 * day), and shorter strings taken from more routes recombine them better (docs/decisions/0500).
 */
export const LARGE_FLEET_MAX_STRING = 5;

/** Fleets from this size on weigh unserved jobs lightly early on by default (`SearchOptions.warmPenalty`, docs/decisions/0520). */
export const WARM_MIN_VEHICLES = 30;
/** The acceptance's penalty of an unserved job at the start of the search, in mean arc costs (`SearchOptions.warmPenalty`). */
export const WARM_PENALTY = 1;
/** Share of the work budget after which an unserved job weighs its full penalty again (`SearchOptions.warmPhase`). */
export const WARM_PHASE = 0.7;

/** Share of the work budget left to the final local search when it is on. */
export const LOCAL_SEARCH_SHARE = 0.02;
/** Nearest jobs a job is tried to swap with, and to exchange route tails with (2-opt*), in the local search. */
const LS_SWAP_NEIGHBOURS = 15;

/** Work units of one exact route check per route position (`Instance.routeCheck`). */
const EXACT_CHECK_WORK = 30;

const defaultNow = () => performance.now();

/** The work budget and safety stop of a set of options. */
export function searchBudget(options: SearchOptions): { maxWork: number; timeLimitMs: number } {
  const effort = options.effortMs ?? (options.maxWork === undefined && options.maxIterations === undefined ? 1000 : undefined);
  const maxWork = options.maxWork ?? (effort !== undefined ? effort * WORK_UNITS_PER_MS : Infinity);
  const refMs = effort ?? (options.maxWork !== undefined ? options.maxWork / WORK_UNITS_PER_MS : 6000);
  return { maxWork, timeLimitMs: options.timeLimitMs ?? Math.max(2000, 10 * refMs) };
}

export function solveInstance(inst: Instance, options: SearchOptions = {}): SearchResult {
  const now = options.now ?? defaultNow;
  const t0Clock = now();
  const { maxWork, timeLimitMs: timeLimit } = searchBudget(options);
  const maxIter = options.maxIterations ?? Infinity;
  const rng = new Rng(options.seed ?? 1);
  const search = new Sisr(inst, rng, options);
  const work = new Solution(inst);
  search.initial(work);
  const cur = new Solution(inst);
  cur.copyFrom(work);
  const best = new Solution(inst);
  best.copyFrom(work);
  let bestTotal = work.total();
  let curTotal = bestTotal;
  const meanArc = search.meanArc;
  const T0 = (options.t0 ?? 1) * meanArc;
  const Tf = (options.tf ?? 0.03) * meanArc;
  let it = 0;
  let progress = 0;
  let T = T0;
  const hasMovable = search.movableCount > 0;
  const maxIdle = options.maxIdleIterations ?? Infinity;
  let lastBest = 0;
  /** Iteration of the last new best, or of the last time the idle stretch was checked for a return. */
  let lastReturn = 0;
  let returns = 0;
  const idleBeforeReturn = options.restartIdle ?? RESTART_IDLE_PER_JOB * inst.nJobs;
  const restartIdle = idleBeforeReturn > 0 ? idleBeforeReturn : Infinity;
  let stoppedBySafety = false;
  const perIteration = 300 + inst.nJobs + 2 * inst.nVehicles;
  const ls = search.localSearchOn;
  // The acceptance test weighs unserved jobs at `1 - relief` of their penalties: `startShare` at the
  // start of the warm phase, rising geometrically to 1 at its end (1 from the start: no warm phase).
  const startShare = search.warmPenalty > 0 && search.warmPhase > 0 ? (search.warmPenalty * meanArc) / inst.unassignedPenalty : 1;
  const warm = startShare < 1;
  let relief = 0;
  let curAbsent = warm ? cur.absentPenalty() : 0;
  const loopWork = ls && maxWork < Infinity ? maxWork * (1 - LOCAL_SEARCH_SHARE) : maxWork;
  while (hasMovable && it < maxIter && it - lastBest < maxIdle && search.work < loopWork) {
    if ((it & 15) === 0) {
      const elapsed = now() - t0Clock;
      if (elapsed >= timeLimit) {
        stoppedBySafety = true;
        break;
      }
      // Cooling follows the work done (or iterations), never the clock: a loaded machine runs the same search.
      progress = Math.max(maxIter < Infinity ? it / maxIter : 0, maxWork < Infinity ? search.work / maxWork : 0);
      T = T0 * Math.pow(Tf / T0, progress);
      if (warm) relief = progress < search.warmPhase ? 1 - Math.pow(startShare, 1 - progress / search.warmPhase) : 0;
    }
    if (it - lastReturn > restartIdle) {
      // Annealing drifted away from the best plan for long without beating it: go back to it, when
      // that plan serves every job it could. While jobs are left out, wandering away from the best
      // is how the search makes room for one more (returning cost shootings on the 150-shooting day).
      lastReturn = it;
      if (search.servesAll(best)) {
        cur.copyFrom(best);
        work.copyFrom(best);
        curTotal = bestTotal;
        curAbsent = warm ? cur.absentPenalty() : 0;
        returns++;
      }
    }
    it++;
    search.work += perIteration;
    search.ruinAndRecreate(work);
    let total = work.total();
    const absent = warm ? work.absentPenalty() : 0;
    // A ruin can leave a route it took jobs from infeasible (see `Solution.feasible`) when the
    // recreate put none back into it: such a plan is never accepted.
    const feasible = search.touchedFeasible(work);
    if (feasible && ls && total < bestTotal - 1e-9) {
      // A new best: local search on the routes this iteration changed (and the ones it then changes).
      search.localSearch(work, maxWork, search.touched, search.touchedCount);
      total = work.total();
    }
    if (feasible && total - relief * absent < curTotal - relief * curAbsent - T * Math.log(rng.next() + 1e-300)) {
      cur.copyRoutesFrom(work, search.touched, search.touchedCount);
      curTotal = total;
      curAbsent = absent;
      if (total < bestTotal - 1e-9) {
        best.copyFrom(work);
        bestTotal = total;
        lastBest = it;
        lastReturn = it;
      }
    } else {
      work.copyRoutesFrom(cur, search.touched, search.touchedCount);
    }
  }
  if (ls && hasMovable && !stoppedBySafety) search.localSearch(best, maxWork);
  const routes: number[][] = [];
  for (let v = 0; v < inst.nVehicles; v++) routes.push(best.route(v));
  return { routes, unassigned: best.absent(), cost: best.routesCost(), iterations: it, elapsedMs: now() - t0Clock, work: search.work, stoppedBySafety, returns };
}

/** Expected number of previously unserved jobs retried per recreate when there are many (default of `absentSample`). */
const ABSENT_SAMPLE = 16;

class Sisr {
  readonly inst: Instance;
  readonly rng: Rng;
  readonly cbar: number;
  readonly lmax: number;
  readonly blink: number;
  readonly splitDepth: number;
  readonly regret: number;
  readonly ejection: number;
  readonly absentSeed: number;
  readonly absentSample: number;
  private readonly ejected = new Int32Array(1);
  readonly routeRemoval: number;
  /** Neighbours whose routes are tried first (0: every route, see `SearchOptions.granular`). */
  readonly granular: number;
  /** Local search on each new best and at the end (see `SearchOptions.localSearch`). */
  readonly localSearchOn: boolean;
  /** Warm start of the acceptance's unserved-job penalty (see `SearchOptions.warmPenalty`). */
  readonly warmPenalty: number;
  readonly warmPhase: number;
  /** Candidate routes of a granular insertion, and a per-vehicle stamp to list each once. */
  private readonly cand: Int32Array;
  private readonly candStamp: Int32Array;
  private candMark = 0;
  readonly adj: Int32Array;
  readonly adjLen: number;
  readonly meanArc: number;
  readonly touched: Int32Array;
  touchedCount = 0;
  /** Seed job of the last ruin (-1: none), and whether it was unserved. */
  private seed = -1;
  private seedWasAbsent = false;
  /** Work done so far: insertion positions and vehicles evaluated, route positions updated. */
  work = 0;
  readonly movableCount: number;
  /** Jobs some non-frozen vehicle may serve. */
  private readonly insertable: Uint8Array;
  private readonly inList: Int32Array;
  private listStamp = 0;
  private readonly isTouched: Uint8Array;
  private readonly ruined: Uint8Array;
  private readonly removed: Int32Array;
  private readonly drop: Uint8Array;
  private readonly keys: Float64Array;
  private readonly depotDist: Float64Array;
  private readonly twWidth: Float64Array;
  private readonly hasExcess: Uint8Array;
  private readonly hasLimits: Uint8Array;
  /** Vehicles with identical attributes share a class: only one empty vehicle per class is tried. */
  private readonly vClass: Int32Array;
  private readonly classStamp: Int32Array;
  private stamp = 0;

  constructor(inst: Instance, rng: Rng, o: SearchOptions) {
    this.inst = inst;
    this.rng = rng;
    this.cbar = o.avgRemoved ?? 10;
    this.lmax = o.maxString ?? (inst.nVehicles >= GRANULAR_MIN_VEHICLES ? LARGE_FLEET_MAX_STRING : 10);
    this.blink = o.blinkRate ?? 0.01;
    this.splitDepth = o.splitDepth ?? 0.5;
    this.regret = o.regret ?? 0;
    this.ejection = o.ejection ?? 0;
    this.absentSeed = o.absentSeed ?? 0.5;
    this.absentSample = o.absentSample ?? ABSENT_SAMPLE;
    this.routeRemoval = o.routeRemoval ?? 0.05;
    this.granular = Math.max(0, Math.floor(o.granular ?? (inst.nVehicles >= GRANULAR_MIN_VEHICLES ? GRANULAR_NEIGHBOURS : 0)));
    this.localSearchOn = o.localSearch ?? this.granular > 0;
    this.warmPenalty = Math.max(0, o.warmPenalty ?? (inst.nVehicles >= WARM_MIN_VEHICLES ? WARM_PENALTY : 0));
    this.warmPhase = Math.min(1, Math.max(0, o.warmPhase ?? WARM_PHASE));
    this.cand = new Int32Array(inst.nVehicles);
    this.candStamp = new Int32Array(inst.nVehicles);
    this.logKeep = Math.log(1 - Math.min(0.99, this.blink));
    this.blinkCountdown = this.nextBlink();
    const n = inst.nJobs;
    const m = inst.nVehicles;
    const N = inst.nLocs;
    this.touched = new Int32Array(m);
    this.isTouched = new Uint8Array(m);
    this.ruined = new Uint8Array(m);
    this.removed = new Int32Array(n);
    this.drop = new Uint8Array(n + 2);
    this.keys = new Float64Array(n);
    this.hasExcess = new Uint8Array(m);
    this.hasLimits = new Uint8Array(m);
    for (let v = 0; v < m; v++) {
      this.hasExcess[v] = inst.vExcess[v]! > 0 ? 1 : 0;
      this.hasLimits[v] = inst.vMaxTravel[v]! < Infinity || inst.vMaxDist[v]! < Infinity ? 1 : 0;
    }
    this.vClass = new Int32Array(m);
    const classes = new Map<string, number>();
    for (let v = 0; v < m; v++) {
      const caps = Array.from(inst.capacity.subarray(v * inst.dims, (v + 1) * inst.dims)).join(',');
      const key = [
        inst.vStart[v], inst.vEnd[v], inst.vTwStart[v], inst.vTwEnd[v], caps, inst.vMaxTasks[v], inst.vMaxTravel[v], inst.vMaxDist[v],
        inst.vFixed[v], inst.vFree[v], inst.vExcess[v], inst.vBlocked[v] ? `b${v}` : '', inst.vFrozen[v],
        inst.vArc.indexOf(inst.vArc[v]!), inst.vDur.indexOf(inst.vDur[v]!), inst.vDist.indexOf(inst.vDist[v]!),
      ].join('|');
      let c = classes.get(key);
      if (c === undefined) {
        c = classes.size;
        classes.set(key, c);
      }
      this.vClass[v] = c;
    }
    this.classStamp = new Int32Array(classes.size);
    let movable = 0;
    this.insertable = new Uint8Array(n);
    this.inList = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      let any = false;
      for (let v = 0; v < m && !any; v++) if (inst.allowed[v * n + j] && !inst.vFrozen[v]) any = true;
      if (any) movable++;
      this.insertable[j] = any ? 1 : 0;
    }
    this.movableCount = movable;
    // Neighbour lists by distance (profile of vehicle 0).
    const dist = inst.vDist[0] ?? new Float64Array(N * N);
    const arc = inst.vArc[0] ?? dist;
    this.adjLen = Math.min(n, 300);
    this.adj = new Int32Array(n * this.adjLen);
    const idx = new Int32Array(n);
    const d = new Float64Array(n);
    let arcTotal = 0;
    let arcCount = 0;
    const sortedD = new Float64Array(n);
    const byD = (a: number, b: number) => d[a]! - d[b]! || a - b;
    for (let i = 0; i < n; i++) {
      const li = inst.jobLoc[i]!;
      for (let j = 0; j < n; j++) {
        d[j] = j === i ? -1 : dist[li * N + inst.jobLoc[j]!]!;
        if (j !== i) {
          arcTotal += arc[li * N + inst.jobLoc[j]!]!;
          arcCount++;
        }
      }
      // Only a job some vehicle may take can be a ruin's seed.
      if (!this.insertable[i]) continue;
      // The adjLen nearest, in order: a native numeric sort finds the cut-off distance, then only
      // the jobs inside it are sorted by index (a comparator sort of all n per job cost seconds at n = 1,000).
      sortedD.set(d);
      sortedD.sort();
      const cut = sortedD[this.adjLen - 1]!;
      let c = 0;
      for (let j = 0; j < n; j++) if (d[j]! <= cut) idx[c++] = j;
      const near = idx.subarray(0, c).sort(byD);
      for (let k = 0; k < this.adjLen; k++) this.adj[i * this.adjLen + k] = near[k]!;
    }
    this.meanArc = arcCount > 0 && arcTotal > 0 ? arcTotal / arcCount : 1;
    this.depotDist = new Float64Array(n);
    this.twWidth = new Float64Array(n);
    const s0 = m > 0 ? inst.vStart[0]! : N - 1;
    for (let j = 0; j < n; j++) {
      this.depotDist[j] = dist[s0 * N + inst.jobLoc[j]!]!;
      this.twWidth[j] = inst.twEnd[j]! - inst.twStart[j]!;
    }
  }

  private blinkCountdown = 0;
  private readonly logKeep: number;

  /** Positions until the next blink: geometric with rate `blink` (one RNG call per blink, not per position). */
  private nextBlink(): number {
    if (this.blink <= 0) return Number.MAX_SAFE_INTEGER;
    return 1 + Math.floor(Math.log(this.rng.next() + 1e-300) / this.logKeep);
  }

  /** Whether the plan serves every job some vehicle may take. */
  servesAll(sol: Solution): boolean {
    for (let j = 0; j < this.inst.nJobs; j++) if (sol.routeOf[j] === -1 && this.insertable[j]) return false;
    return true;
  }

  private touch(v: number): void {
    if (!this.isTouched[v]) {
      this.isTouched[v] = 1;
      this.touched[this.touchedCount++] = v;
    }
  }

  /** Whether every route this iteration changed is feasible (`Solution.feasible`). */
  touchedFeasible(sol: Solution): boolean {
    for (let i = 0; i < this.touchedCount; i++) if (!this.feasibleAfterRemoval(sol, this.touched[i]!)) return false;
    return true;
  }

  /** `Solution.feasible`, its work counted: a simulation of the route with blocked intervals, the exact check. */
  private feasibleAfterRemoval(sol: Solution, v: number): boolean {
    const len = sol.len[v]!;
    if (this.inst.vBlocked[v] !== null) this.work += len;
    if (this.inst.vExact[v] === 1) this.work += EXACT_CHECK_WORK * len;
    return sol.feasible(v);
  }

  private resetTouched(): void {
    for (let i = 0; i < this.touchedCount; i++) this.isTouched[this.touched[i]!] = 0;
    this.touchedCount = 0;
  }

  /** Initial solution: given routes (frozen kept as is, others checked), then cheapest insertion of the rest. */
  initial(sol: Solution): void {
    const inst = this.inst;
    const seen = new Uint8Array(inst.nJobs);
    for (let v = 0; v < inst.nVehicles; v++) {
      let route = inst.initialRoutes[v]!.filter((j) => j >= 0 && j < inst.nJobs && !seen[j]);
      if (!inst.vFrozen[v] && !evaluateRoute(inst, v, route).feasible) {
        // Keep the jobs tied to this vehicle first, then whatever else still fits.
        let ok: number[] = route.filter((j) => inst.fixedVehicle[j] === v);
        if (!evaluateRoute(inst, v, ok).feasible) ok = [];
        for (const j of route) {
          if (ok.includes(j)) continue;
          const at = route.indexOf(j);
          const trial = [...ok];
          const pos = trial.findIndex((x) => route.indexOf(x) > at);
          trial.splice(pos < 0 ? trial.length : pos, 0, j);
          if (evaluateRoute(inst, v, trial).feasible) ok = trial;
        }
        route = ok;
      }
      for (const j of route) seen[j] = 1;
      const base = v * sol.stride;
      route.forEach((j, k) => (sol.nodes[base + 1 + k] = j));
      sol.len[v] = route.length;
      sol.update(v);
    }
    this.resetTouched();
    this.recreate(sol, 0, true);
    this.resetTouched();
  }

  ruinAndRecreate(sol: Solution): void {
    this.resetTouched();
    this.seed = -1;
    this.seedWasAbsent = false;
    const count = this.ruin(sol);
    this.recreate(sol, count);
  }

  /** SISR ruin: removes strings from up to ks routes near a random seed job. Returns the number removed. */
  private ruin(sol: Solution): number {
    const inst = this.inst;
    const rng = this.rng;
    const m = inst.nVehicles;
    let nonEmpty = 0;
    let served = 0;
    for (let v = 0; v < m; v++) {
      const l = sol.len[v]!;
      if (l > 0 && !inst.vFrozen[v]) {
        nonEmpty++;
        served += l;
      }
    }
    if (nonEmpty === 0) return 0;
    if (nonEmpty > 1 && rng.next() < this.routeRemoval) return this.removeRoute(sol);
    const lsMax = Math.min(this.lmax, served / nonEmpty);
    const ksMax = (4 * this.cbar) / (1 + lsMax) - 1;
    const ks = Math.floor(rng.next() * ksMax) + 1;
    // Seed: half of the time an unserved job (to make room next to it), else a random served job.
    let seed = -1;
    if (rng.next() < this.absentSeed && sol.absentCount() > 0) {
      for (let tries = 0; tries < 50 && seed < 0; tries++) {
        const j = Math.floor(rng.next() * inst.nJobs);
        if (sol.routeOf[j] === -1 && this.insertable[j]) seed = j;
      }
    }
    for (let tries = 0; tries < 50 && seed < 0; tries++) {
      const j = Math.floor(rng.next() * inst.nJobs);
      const r = sol.routeOf[j]!;
      if (r >= 0 && !inst.vFrozen[r]) seed = j;
    }
    if (seed < 0) return 0;
    this.seed = seed;
    this.seedWasAbsent = sol.routeOf[seed] === -1;
    let removed = 0;
    let ruinedCount = 0;
    const ruined = this.ruined;
    const drop = this.drop;
    const adj = this.adj;
    const aBase = seed * this.adjLen;
    for (let a = 0; a < this.adjLen && ruinedCount < ks; a++) {
      const c = adj[aBase + a]!;
      const r = sol.routeOf[c]!;
      if (r < 0 || ruined[r] || inst.vFrozen[r]) continue;
      const len = sol.len[r]!;
      const lMaxT = Math.min(len, lsMax);
      const l = Math.floor(rng.next() * lMaxT) + 1;
      const pos = sol.posOf[c]!;
      if (l >= len || rng.next() < 0.5) {
        const lo = Math.max(1, pos - l + 1);
        const hi = Math.min(pos, len - l + 1);
        const start = lo + Math.floor(rng.next() * (hi - lo + 1));
        for (let k = start; k < start + l; k++) drop[k] = 1;
      } else {
        let mPres = 1;
        while (l + mPres < len && rng.next() < this.splitDepth) mPres++;
        const L = l + mPres;
        const lo = Math.max(1, pos - L + 1);
        const hi = Math.min(pos, len - L + 1);
        const start = lo + Math.floor(rng.next() * (hi - lo + 1));
        const off = Math.floor(rng.next() * (l + 1));
        for (let k = start; k < start + L; k++) drop[k] = k - start < off || k - start >= off + mPres ? 1 : 0;
      }
      this.work += len;
      removed = sol.removeFlagged(r, drop, this.removed, removed);
      ruined[r] = 1;
      ruinedCount++;
      this.touch(r);
    }
    for (let i = 0; i < this.touchedCount; i++) ruined[this.touched[i]!] = 0;
    return removed;
  }

  /** Empties the smaller of two random used routes (a chance to use one vehicle less). */
  private removeRoute(sol: Solution): number {
    const inst = this.inst;
    const m = inst.nVehicles;
    let pick = -1;
    for (let tries = 0; tries < 2; tries++) {
      let v = Math.floor(this.rng.next() * m);
      for (let k = 0; k < m && (sol.len[v] === 0 || inst.vFrozen[v]); k++) v = (v + 1) % m;
      if (sol.len[v] === 0 || inst.vFrozen[v]) continue;
      if (pick < 0 || sol.len[v]! < sol.len[pick]!) pick = v;
    }
    if (pick < 0) return 0;
    const drop = this.drop;
    for (let k = 1; k <= sol.len[pick]!; k++) drop[k] = 1;
    this.work += sol.len[pick]!;
    const removed = sol.removeFlagged(pick, drop, this.removed, 0);
    this.touch(pick);
    return removed;
  }

  /** Reinserts the removed jobs and every other unserved job, each at its cheapest feasible position. */
  private recreate(sol: Solution, removedCount: number, all = false): void {
    const list = this.removed;
    let count = removedCount;
    // Previously unserved jobs join the list: all of them while they are few, else a random
    // sample of about ABSENT_SAMPLE (plus the ruin's seed): on a day where many jobs cannot be
    // served, retrying every one of them each iteration would cost most of the search.
    const others = sol.absentCount() - removedCount;
    if (others > 0) {
      const mark = ++this.listStamp;
      const inList = this.inList;
      for (let i = 0; i < count; i++) inList[list[i]!] = mark;
      const seed = this.seed;
      if (seed >= 0 && sol.routeOf[seed] === -1 && inList[seed] !== mark && this.insertable[seed]) {
        inList[seed] = mark;
        list[count++] = seed;
      }
      const p = all || others <= this.absentSample ? 1 : this.absentSample / others;
      // The unserved jobs in index order, read from the solution's bit set (not a scan of every job).
      const bits = sol.absentBits;
      if (p === 1 || this.granular === 0) {
        // (Without granular insertion, one draw per candidate as before ADR 0405: the same plans.)
        for (let w = 0; w < bits.length; w++) {
          for (let x = bits[w]!; x !== 0; x &= x - 1) {
            const j = lowestBitJob(w, x);
            if (inList[j] !== mark && this.insertable[j] && (p === 1 || this.rng.next() < p)) {
              list[count++] = j;
              inList[j] = -mark; // retried: a granular insertion of it has no full-scan fallback
            }
          }
        }
      } else {
        // Each candidate with probability p, drawn as geometric gaps: one draw per pick, not one per
        // job (a thousand draws an iteration cost about 10 % of the large day's search).
        const logQ = Math.log(1 - p);
        let skip = Math.floor(Math.log(this.rng.next() + 1e-300) / logQ);
        for (let w = 0; w < bits.length; w++) {
          for (let x = bits[w]!; x !== 0; x &= x - 1) {
            const j = lowestBitJob(w, x);
            if (inList[j] === mark || !this.insertable[j]) continue;
            if (skip-- > 0) continue;
            list[count++] = j;
            inList[j] = -mark;
            skip = Math.floor(Math.log(this.rng.next() + 1e-300) / logQ);
          }
        }
      }
    }
    if (count === 0) return;
    this.sortForInsertion(list, count);
    // A ruin seeded on an unserved job made room next to it: that job goes first, before the
    // removed ones fill the room again (an ejection: it is served if they all find a place).
    let first = 0;
    while (first < count && this.inst.fixedVehicle[list[first]!]! >= 0) first++; // jobs tied to a vehicle stay first
    if (this.seedWasAbsent) {
      const at = list.subarray(0, count).indexOf(this.seed);
      if (at >= first) {
        list.copyWithin(first + 1, first, at);
        list[first++] = this.seed;
      }
    }
    if (this.regret > 0 && !all && count - first > 1 && this.rng.next() < this.regret) {
      for (let i = 0; i < first; i++) this.insertBest(sol, list[i]!);
      this.insertByRegret(sol, list, first, count);
    } else {
      const retried = -this.listStamp;
      for (let i = 0; i < count; i++) this.insertBest(sol, list[i]!, all || this.inList[list[i]!] !== retried);
    }
    // Only where jobs were already unserved before this ruin: a job left out by the blinks alone
    // (an empty route's one position skipped) is not worth a chain, and complete instances (Solomon)
    // then run exactly as without ejections.
    if (this.ejection > 0 && !all && others > 0) this.ejectFailed(sol, list, count);
  }

  /**
   * One job of the recreate's list that found no place (chosen at random, with probability
   * `ejection`) is tried by ejection: see `insertByEjection`. Nothing is drawn when every job found
   * a place.
   */
  private ejectFailed(sol: Solution, list: Int32Array, count: number): void {
    let failed = 0;
    for (let i = 0; i < count; i++) if (sol.routeOf[list[i]!] === -1) list[failed++] = list[i]!;
    if (failed === 0 || this.rng.next() >= this.ejection) return;
    this.insertByEjection(sol, list[Math.floor(this.rng.next() * failed)]!);
  }

  /**
   * Ejection insertion of the unserved job u (a chain of depth 2): for each route v that may take
   * u (from a random one on) and each job x of v, x goes out and u in at its cheapest position, then
   * x at its cheapest position anywhere. The first chain where both find a place is kept (one job
   * more served); otherwise every trial is undone. Returns whether u is served.
   */
  private insertByEjection(sol: Solution, u: number): boolean {
    const inst = this.inst;
    const m = inst.nVehicles;
    const drop = this.drop;
    const out = this.ejected;
    const v0 = Math.floor(this.rng.next() * m);
    for (let i = 0; i < m; i++) {
      const v = (v0 + i) % m;
      if (sol.len[v] === 0 || inst.allowed[v * inst.nJobs + u] !== 1 || inst.vFrozen[v]) continue;
      for (let p = 1; p <= sol.len[v]!; p++) {
        const x = sol.nodes[v * sol.stride + p]!;
        if (inst.fixedVehicle[x]! >= 0) continue;
        drop[p] = 1;
        this.work += sol.len[v]!;
        sol.removeFlagged(v, drop, out, 0);
        this.touch(v);
        const d = this.mayTake(sol, v, u) ? this.scanRoute(sol, u, v, Infinity) : Infinity;
        if (d < Infinity) {
          const k = this.scanK;
          this.insertAt(sol, v, k, u);
          this.insertBest(sol, x);
          if (sol.routeOf[x] !== -1) return true;
          // Undo: u out, x back at its place.
          drop[k + 1] = 1;
          this.work += sol.len[v]!;
          sol.removeFlagged(v, drop, out, 0);
        }
        this.work += sol.len[v]!;
        sol.insert(v, p - 1, x);
      }
    }
    return false;
  }

  private regretDelta = new Float64Array(0);
  private regretPos = new Int32Array(0);

  /**
   * Regret-2 insertion of list[from..count): each job's cheapest position per route is cached
   * (one empty vehicle per class stands for its class); the job with the largest gap between its
   * best and second-best route goes in first (a job with one route left is most urgent), and only
   * the route that changed is scanned again.
   */
  private insertByRegret(sol: Solution, list: Int32Array, from: number, count: number): void {
    const inst = this.inst;
    const m = inst.nVehicles;
    const k = count - from;
    if (this.regretDelta.length < k * m) {
      this.regretDelta = new Float64Array(k * m);
      this.regretPos = new Int32Array(k * m);
    }
    const rd = this.regretDelta;
    const rp = this.regretPos;
    const vClass = this.vClass;
    const classStamp = this.classStamp;
    for (let i = 0; i < k; i++) {
      const u = list[from + i]!;
      const stamp = ++this.stamp;
      for (let v = 0; v < m; v++) {
        let d = Infinity;
        if (this.mayTake(sol, v, u)) {
          const c = vClass[v]!;
          if (sol.len[v] !== 0 || classStamp[c] !== stamp) {
            if (sol.len[v] === 0) classStamp[c] = stamp;
            d = this.scanRoute(sol, u, v, Infinity);
          }
        }
        rd[i * m + v] = d;
        rp[i * m + v] = this.scanK;
      }
    }
    let left = k;
    while (left > 0) {
      this.work += (left * m) >> 2;
      let pick = -1;
      let pickRegret = -Infinity;
      let pickV = -1;
      for (let i = 0; i < left; i++) {
        let b1 = Infinity;
        let b2 = Infinity;
        let bv = -1;
        for (let v = 0; v < m; v++) {
          const d = rd[i * m + v]!;
          if (d < b1) {
            b2 = b1;
            b1 = d;
            bv = v;
          } else if (d < b2) b2 = d;
        }
        if (bv < 0) continue;
        const regret = b2 - b1;
        if (regret > pickRegret) {
          pickRegret = regret;
          pick = i;
          pickV = bv;
        }
      }
      if (pick < 0) return; // nothing left fits anywhere (routes only get tighter)
      const u = list[from + pick]!;
      const wasEmpty = sol.len[pickV] === 0;
      this.insertAt(sol, pickV, rp[pick * m + pickV]!, u);
      // Close the gap: the last job's cache rows move to the picked one's place (list order kept for the rest).
      left--;
      list.copyWithin(from + pick, from + pick + 1, from + left + 1);
      rd.copyWithin(pick * m, (pick + 1) * m, (left + 1) * m);
      rp.copyWithin(pick * m, (pick + 1) * m, (left + 1) * m);
      list[from + left] = u;
      const c = vClass[pickV]!;
      for (let i = 0; i < left; i++) {
        const ui = list[from + i]!;
        if (wasEmpty && rd[i * m + pickV]! < Infinity) {
          // The next empty vehicle of the class this job may take stands for the class now (same values).
          for (let w = 0; w < m; w++) {
            if (sol.len[w] === 0 && vClass[w] === c && this.mayTake(sol, w, ui)) {
              rd[i * m + w] = rd[i * m + pickV]!;
              rp[i * m + w] = rp[i * m + pickV]!;
              break;
            }
          }
        }
        rd[i * m + pickV] = this.mayTake(sol, pickV, ui) ? this.scanRoute(sol, ui, pickV, Infinity) : Infinity;
        rp[i * m + pickV] = this.scanK;
      }
    }
  }

  private sortForInsertion(list: Int32Array, count: number): void {
    const rng = this.rng;
    const inst = this.inst;
    const keys = this.keys;
    const r = rng.next() * 13;
    for (let i = 0; i < count; i++) {
      const j = list[i]!;
      let k: number;
      if (r < 4) k = rng.next();
      else if (r < 8) k = inst.dims > 0 ? -inst.demand[j * inst.dims]! : rng.next();
      else if (r < 10) k = -this.depotDist[j]!;
      else if (r < 11) k = this.depotDist[j]!;
      else k = this.twWidth[j]!;
      // Jobs tied to one vehicle go first.
      keys[j] = (inst.fixedVehicle[j]! >= 0 ? -1e15 : 0) + k;
    }
    const sub = list.subarray(0, count);
    sub.sort((a, b) => keys[a]! - keys[b]!);
  }

  /**
   * Job u at its cheapest feasible position. Granular (see `SearchOptions.granular`): first in the
   * routes near it, then, with `fallback`, in every route when none of those has room.
   */
  private insertBest(sol: Solution, u: number, fallback = true): void {
    const fv = this.inst.fixedVehicle[u]!;
    if (fv < 0 && this.granular > 0) {
      const count = this.granularRoutes(sol, u);
      this.work += (count >> 2) + (this.granular >> 2);
      if (this.scanRoutes(sol, u, 0, count, Infinity, ++this.stamp, this.cand) < Infinity) {
        this.insertAt(sol, this.scanV, this.scanK, u);
        return;
      }
      if (!fallback) return;
    }
    const vFrom = fv >= 0 ? fv : 0;
    const vTo = fv >= 0 ? fv + 1 : this.inst.nVehicles;
    this.work += (vTo - vFrom) >> 2;
    if (this.scanRoutes(sol, u, vFrom, vTo, Infinity, ++this.stamp, null) < Infinity) this.insertAt(sol, this.scanV, this.scanK, u);
  }

  /**
   * The routes job u is first tried in when inserting granularly, into `cand` (count returned):
   * the routes of its `granular` nearest jobs, then every empty vehicle in increasing order. The
   * list is not sorted: `scanRoutes` breaks ties by the lowest vehicle, as a full scan would.
   */
  private granularRoutes(sol: Solution, u: number): number {
    const inst = this.inst;
    const m = inst.nVehicles;
    const cand = this.cand;
    const candStamp = this.candStamp;
    const mark = ++this.candMark;
    const adj = this.adj;
    const aBase = u * this.adjLen;
    const kMax = Math.min(this.granular, this.adjLen);
    let count = 0;
    for (let a = 0; a < kMax; a++) {
      const r = sol.routeOf[adj[aBase + a]!]!;
      if (r >= 0 && candStamp[r] !== mark) {
        candStamp[r] = mark;
        cand[count++] = r;
      }
    }
    if (sol.emptyCount > 0) {
      for (let v = 0; v < m; v++) {
        if (sol.len[v] === 0 && candStamp[v] !== mark) {
          candStamp[v] = mark;
          cand[count++] = v;
        }
      }
    }
    this.work += m >> 3;
    return count;
  }

  /**
   * Local search on `sol` until no move improves it or the work reaches `maxWork` (docs/decisions/0415).
   * Every served job, in a random order:
   * - relocate: out of its route, then at its cheapest feasible position in the routes near it
   *   (its `granular` nearest jobs' routes, its own route, one empty vehicle per class), kept when
   *   that costs less than it saved;
   * - swap: with each of its `LS_SWAP_NEIGHBOURS` nearest served jobs in another route, each at its
   *   cheapest feasible position in the other's route, kept when the two routes cost less;
   * - 2-opt*: its route and the route of one of those nearest jobs exchange their tails (`twoOptStar`).
   * Moves reuse the insertion scan (every constraint it checks: time windows, blocked intervals,
   * exact route checks, limits) with blinks off; a move that does not improve is undone exactly.
   * Returns the number of moves kept.
   */
  localSearch(sol: Solution, maxWork: number, routes: Int32Array | null = null, routeCount = 0): number {
    const inst = this.inst;
    const n = inst.nJobs;
    const order = (this.lsOrder ??= new Int32Array(n));
    const savedBlink = this.blinkCountdown;
    this.blinkCountdown = Number.MAX_SAFE_INTEGER;
    let kept = 0;
    let improved = true;
    while (improved && this.work < maxWork) {
      improved = false;
      let count = 0;
      if (routes === null) {
        for (let j = 0; j < n; j++) if (sol.routeOf[j]! >= 0 && !inst.vFrozen[sol.routeOf[j]!]) order[count++] = j;
      } else {
        for (let i = 0; i < routeCount; i++) {
          const v = routes[i]!;
          if (inst.vFrozen[v]) continue;
          for (let k = 1; k <= sol.len[v]!; k++) order[count++] = sol.nodes[v * sol.stride + k]!;
        }
      }
      for (let i = count - 1; i > 0; i--) {
        const r = Math.floor(this.rng.next() * (i + 1));
        const t = order[i]!;
        order[i] = order[r]!;
        order[r] = t;
      }
      this.work += count;
      for (let i = 0; i < count && this.work < maxWork; i++) {
        const u = order[i]!;
        if (sol.routeOf[u]! < 0) continue;
        if (this.relocate(sol, u) || this.swapNear(sol, u) || this.twoOptStar(sol, u)) {
          kept++;
          improved = true;
        }
      }
    }
    this.blinkCountdown = savedBlink;
    if (routes === null) this.resetTouched();
    return kept;
  }

  private lsOrder: Int32Array | null = null;

  /** Relocate move of `localSearch`. Returns whether it was kept. */
  private relocate(sol: Solution, u: number): boolean {
    const inst = this.inst;
    const r = sol.routeOf[u]!;
    const pos = sol.posOf[u]!;
    const before = sol.cost[r]!;
    this.removeAt(sol, r, pos);
    const gain = before - sol.cost[r]!;
    const fv = inst.fixedVehicle[u]!;
    let count: number;
    if (fv >= 0) {
      this.cand[0] = fv;
      count = 1;
    } else {
      count = this.granular > 0 ? this.granularRoutes(sol, u) : this.allRoutes();
      if (this.candStamp[r] !== this.candMark) this.cand[count++] = r;
      this.work += count >> 2;
    }
    // An insertion always leaves a feasible route; the removal alone may not (`Solution.feasible`).
    if (this.scanRoutes(sol, u, 0, count, gain - 1e-7, ++this.stamp, this.cand) < Infinity && (this.scanV === r || this.feasibleAfterRemoval(sol, r))) {
      this.insertAt(sol, this.scanV, this.scanK, u);
      return true;
    }
    this.insertAt(sol, r, pos - 1, u);
    return false;
  }

  /** Every vehicle into `cand` (the candidate routes when granular insertion is off). */
  private allRoutes(): number {
    const m = this.inst.nVehicles;
    const mark = ++this.candMark;
    for (let v = 0; v < m; v++) {
      this.cand[v] = v;
      this.candStamp[v] = mark;
    }
    this.work += m >> 3;
    return m;
  }

  /** The route of w when it is not u's route and may change (the neighbour test of `swapNear` and `twoOptStar`); -1 otherwise. */
  private otherOpenRoute(sol: Solution, u: number, w: number): number {
    const r2 = sol.routeOf[w]!;
    return r2 < 0 || r2 === sol.routeOf[u] || this.inst.vFrozen[r2] ? -1 : r2;
  }

  /** Swap move of `localSearch`: u with one of its nearest jobs in another route. Returns whether one was kept. */
  private swapNear(sol: Solution, u: number): boolean {
    const inst = this.inst;
    if (inst.fixedVehicle[u]! >= 0) return false;
    const aBase = u * this.adjLen;
    const kMax = Math.min(LS_SWAP_NEIGHBOURS, this.adjLen);
    for (let a = 0; a < kMax; a++) {
      const w = this.adj[aBase + a]!;
      const r2 = this.otherOpenRoute(sol, u, w);
      if (r2 < 0 || inst.fixedVehicle[w]! >= 0) continue;
      const r1 = sol.routeOf[u]!;
      if (!inst.allowed[r2 * inst.nJobs + u] || !inst.allowed[r1 * inst.nJobs + w]) continue;
      const p1 = sol.posOf[u]!;
      const p2 = sol.posOf[w]!;
      const before = sol.cost[r1]! + sol.cost[r2]!;
      this.removeAt(sol, r1, p1);
      this.removeAt(sol, r2, p2);
      const gain = before - sol.cost[r1]! - sol.cost[r2]!;
      const d1 = this.scanRoute(sol, u, r2, gain - 1e-7);
      if (d1 < Infinity) {
        const k1 = this.scanK;
        this.insertAt(sol, r2, k1, u);
        const d2 = this.scanRoute(sol, w, r1, gain - d1 - 1e-7);
        if (d2 < Infinity) {
          this.insertAt(sol, r1, this.scanK, w);
          return true;
        }
        this.removeAt(sol, r2, k1 + 1);
      }
      this.insertAt(sol, r2, p2 - 1, w);
      this.insertAt(sol, r1, p1 - 1, u);
    }
    return false;
  }

  private tailA: number[] = [];
  private tailB: number[] = [];

  /**
   * 2-opt* move of `localSearch`: the routes of u and of one of its nearest jobs w exchange their
   * tails, either u then w's tail, or w then u's tail. Each new route is checked in full by
   * `evaluateRoute` (every constraint). Returns whether one was kept.
   */
  private twoOptStar(sol: Solution, u: number): boolean {
    const aBase = u * this.adjLen;
    const kMax = Math.min(LS_SWAP_NEIGHBOURS, this.adjLen);
    for (let a = 0; a < kMax; a++) {
      const w = this.adj[aBase + a]!;
      const r2 = this.otherOpenRoute(sol, u, w);
      if (r2 < 0) continue;
      const r1 = sol.routeOf[u]!;
      const p1 = sol.posOf[u]!;
      const p2 = sol.posOf[w]!;
      // (a) r1: ..u, w..   r2: ..before w, after u..   (b) r2: ..w, u..   r1: ..before u, after w..
      if (this.tryTails(sol, r1, p1, r2, p2 - 1) || this.tryTails(sol, r2, p2, r1, p1 - 1)) return true;
    }
    return false;
  }

  /** Route a keeps its positions 1..ka then takes b's from kb+1 on; b keeps 1..kb then takes a's from ka+1 on. Kept if cheaper and feasible. */
  private tryTails(sol: Solution, a: number, ka: number, b: number, kb: number): boolean {
    const inst = this.inst;
    const la = sol.len[a]!;
    const lb = sol.len[b]!;
    if (ka === la && kb === lb) return false;
    const baseA = a * sol.stride;
    const baseB = b * sol.stride;
    const na = this.tailA;
    const nb = this.tailB;
    na.length = 0;
    nb.length = 0;
    for (let k = 1; k <= ka; k++) na.push(sol.nodes[baseA + k]!);
    for (let k = kb + 1; k <= lb; k++) na.push(sol.nodes[baseB + k]!);
    for (let k = 1; k <= kb; k++) nb.push(sol.nodes[baseB + k]!);
    for (let k = ka + 1; k <= la; k++) nb.push(sol.nodes[baseA + k]!);
    this.work += 4;
    const before = sol.cost[a]! + sol.cost[b]!;
    if (inst.vArc[a] === inst.vArc[b]) {
      // A lower bound first: the arcs inside the two tails keep their costs (same matrix), only the
      // two joins and the two ends change; an excess-distance charge is never negative.
      const nla = ka + (lb - kb);
      const nlb = kb + (la - ka);
      // Arc sums of the heads (legs before the cut), then of the tails (legs after the join, to the old end).
      let headA = 0;
      for (let k = 0; k < ka; k++) headA += sol.legArc[baseA + k]!;
      let headB = 0;
      for (let k = 0; k < kb; k++) headB += sol.legArc[baseB + k]!;
      const tailA = sol.arcSum[a]! - headA - (la > 0 ? sol.legArc[baseA + ka]! : 0);
      const tailB = sol.arcSum[b]! - headB - (lb > 0 ? sol.legArc[baseB + kb]! : 0);
      this.work += ka + kb;
      const lbA = nla > 0 ? this.joinedBound(sol, a, ka, b, kb, headA, tailB) : 0;
      const lbB = nlb > 0 ? this.joinedBound(sol, b, kb, a, ka, headB, tailA) : 0;
      if (lbA + lbB >= before - 1e-7) return false;
    }
    this.work += 4 * (la + lb);
    if (na.length > inst.vMaxTasks[a]! || nb.length > inst.vMaxTasks[b]!) return false;
    for (const j of na) if (!inst.allowed[a * inst.nJobs + j]) return false;
    for (const j of nb) if (!inst.allowed[b * inst.nJobs + j]) return false;
    const ea = evaluateRoute(inst, a, na);
    if (!ea.feasible) return false;
    if (ea.cost >= before - 1e-7) return false;
    const eb = evaluateRoute(inst, b, nb);
    this.work += EXACT_CHECK_WORK * (la + lb);
    if (!eb.feasible || ea.cost + eb.cost >= before - 1e-7) return false;
    for (let k = 0; k < na.length; k++) sol.nodes[baseA + 1 + k] = na[k]!;
    for (let k = 0; k < nb.length; k++) sol.nodes[baseB + 1 + k] = nb[k]!;
    sol.len[a] = na.length;
    sol.len[b] = nb.length;
    sol.update(a);
    sol.update(b);
    this.touch(a);
    this.touch(b);
    return true;
  }

  /**
   * A lower bound on the cost of route a keeping its positions 1..ka (arcs `head`) then taking b's
   * jobs from kb+1 on (arcs `tail`, to b's old end), both on the same matrix (`tryTails`): the fixed
   * cost, the two arc sums, the join, and the last job's leg to a's end instead of b's.
   */
  private joinedBound(sol: Solution, a: number, ka: number, b: number, kb: number, head: number, tail: number): number {
    const inst = this.inst;
    const arc = inst.vArc[a]!;
    const N = inst.nLocs;
    const locs = sol.locs;
    const baseA = a * sol.stride;
    const baseB = b * sol.stride;
    const lb = sol.len[b]!;
    const endA = locs[baseA + sol.len[a]! + 1]!;
    const endB = locs[baseB + lb + 1]!;
    let bound = inst.vFixed[a]! + head + tail;
    const from = locs[baseA + ka]!;
    if (kb < lb) bound += arc[from * N + locs[baseB + kb + 1]!]! - arc[locs[baseB + lb]! * N + endB]! + arc[locs[baseB + lb]! * N + endA]!;
    else bound += arc[from * N + endA]!;
    return bound;
  }

  /** Takes the job at position p out of route v. */
  private removeAt(sol: Solution, v: number, p: number): void {
    this.drop[p] = 1;
    this.work += sol.len[v]!;
    sol.removeFlagged(v, this.drop, this.ejected, 0);
    this.touch(v);
  }

  private insertAt(sol: Solution, v: number, k: number, u: number): void {
    this.work += sol.len[v]!;
    sol.insert(v, k, u);
    this.touch(v);
  }

  /** Vehicle v may take job u at all (eligible, not frozen, below its task cap). */
  private mayTake(sol: Solution, v: number, u: number): boolean {
    const inst = this.inst;
    return inst.allowed[v * inst.nJobs + u] === 1 && inst.vFrozen[v] === 0 && sol.len[v]! < inst.vMaxTasks[v]!;
  }

  /** Route and position of the last `scanRoutes` result. */
  private scanV = -1;
  private scanK = -1;

  /**
   * The cheapest feasible insertion of job u into route v whose cost increase is below `bound`
   * (Infinity if none; its position in `scanK`), with blinks. The caller checked `mayTake`.
   */
  private scanRoute(sol: Solution, u: number, v: number, bound: number): number {
    return this.scanRoutes(sol, u, v, v + 1, bound, 0, null);
  }

  /**
   * The cheapest feasible insertion of job u into the routes vFrom..vTo-1 that may take it, below
   * `bound` (Infinity if none; route and position in `scanV`/`scanK`), with blinks; with a `list`,
   * the routes list[vFrom..vTo-1] instead. With a class
   * stamp, only the first empty vehicle of each class is tried. One loop over the routes, so the
   * job's data are read once per job, not once per route (a call per route cost about 13 % of the
   * search's CPU: docs/decisions/0360).
   */
  private scanRoutes(sol: Solution, u: number, vFrom: number, vTo: number, bound: number, stamp: number, list: Int32Array | null): number {
    const inst = this.inst;
    const N = inst.nLocs;
    const n = inst.nJobs;
    const dims = inst.dims;
    const lu = inst.jobLoc[u]!;
    const su = inst.service[u]!;
    const multi = inst.twMulti[u] !== null;
    const eu = inst.twStart[u]!;
    const lu2 = inst.twEnd[u]!;
    const locs = sol.locs;
    const dep = sol.dep;
    const lat = sol.lat;
    const legArc = sol.legArc;
    const rowU = lu * N;
    const need = eu + su;
    const classStamp = this.classStamp;
    const vClass = this.vClass;
    let best = bound;
    let found = false;
    let bestV = -1;
    routes: for (let i = vFrom; i < vTo; i++) {
      const v = list === null ? i : list[i]!;
      const len = sol.len[v]!;
      if (inst.allowed[v * n + u] !== 1 || inst.vFrozen[v] !== 0 || len >= inst.vMaxTasks[v]!) continue;
      if (stamp !== 0 && len === 0) {
        const c = vClass[v]!;
        if (classStamp[c] === stamp) continue;
        classStamp[c] = stamp;
      }
      this.work++;
      for (let d = 0; d < dims; d++) {
        if (sol.load[v * dims + d]! + inst.demand[u * dims + d]! > inst.capacity[v * dims + d]!) continue routes;
      }
      const vIn = inst.vIn[v]!;
      const vOut = inst.vOut[v]!;
      // Without negative travel, u cannot start before max(departure from k, its window) and must
      // be done before the next stop's latest arrival: most positions of a business day's full
      // routes fail that, and it needs no matrix read (ADR 0505).
      const nonNegative = inst.vNonNegative[v] === 1;
      const timeOnly = nonNegative ? su : -Infinity;
      const excess = this.hasExcess[v] === 1;
      const limits = this.hasLimits[v] === 1;
      const blocked = inst.vBlocked[v] !== null;
      const base = v * sol.stride;
      const fixedAdd = len === 0 ? inst.vFixed[v]! : 0;
      const sub = len === 0 ? 0 : 1;
      // Latest arrivals grow along a route: skip the positions whose successor must be reached
      // before the job could even be done (binary search; again only without negative travel).
      let k0 = 0;
      let hi = nonNegative ? len : 0;
      while (k0 < hi) {
        const mid = (k0 + hi) >> 1;
        if (lat[base + mid + 1]! < need) k0 = mid + 1;
        else hi = mid;
      }
      const kFrom = k0;
      let k = k0;
      for (; k <= len; k++) {
        const dk = dep[base + k]!;
        if (dk > lu2 && nonNegative) break;
        if (--this.blinkCountdown <= 0) {
          this.blinkCountdown = this.nextBlink();
          continue;
        }
        if ((dk > eu ? dk : eu) + timeOnly > lat[base + k + 1]!) continue;
        const pl = locs[base + k]!;
        const nl = locs[base + k + 1]!;
        // Every matrix read is in row u of the legs into u or out of u (duration, arc, distance
        // side by side), or in the route's own legs.
        const cIn = 3 * (rowU + pl);
        const cOut = 3 * (rowU + nl);
        const a = dk + vIn[cIn]!;
        let st: number;
        if (multi) {
          st = earliestStartMulti(inst.twMulti[u]!, a);
          if (st === Infinity) continue;
        } else {
          if (a > lu2) continue;
          st = a < eu ? eu : a;
        }
        if (st + su + vOut[cOut]! > lat[base + k + 1]!) continue;
        let delta = vIn[cIn + 1]! + vOut[cOut + 1]! - sub * legArc[base + k]! + fixedAdd;
        // Ties go to the lowest vehicle, then the lowest position, whatever the routes' order.
        if (!excess && (delta > best || (delta === best && (!found || v >= bestV)))) continue;
        if (excess || limits) {
          const dd = vIn[cIn + 2]! + vOut[cOut + 2]! - sub * sol.legDist[base + k]!;
          if (limits) {
            const dt = vIn[cIn]! + vOut[cOut]! - sub * sol.legDur[base + k]!;
            if (sol.dist[v]! + dd > inst.vMaxDist[v]! || sol.travel[v]! + dt > inst.vMaxTravel[v]!) continue;
          }
          if (excess) {
            const excessD = sol.dist[v]! + dd - inst.vFree[v]!;
            delta = inst.vFixed[v]! + sol.arcSum[v]! + delta - fixedAdd + (excessD > 0 ? excessD * inst.vExcess[v]! : 0) - sol.cost[v]!;
            if (delta > best || (delta === best && (!found || v >= bestV))) continue;
          }
        }
        if (blocked) {
          this.work += len;
          if (!sol.feasibleWithBlocked(v, k, u)) continue;
        }
        if (inst.vExact[v] === 1) {
          // The exact check simulates the whole route (VROOM's breaks, setups, loads: ADR 0108).
          this.work += EXACT_CHECK_WORK * (len + 1);
          if (!sol.feasibleExact(v, k, u)) continue;
        }
        best = delta;
        found = true;
        bestV = v;
        this.scanV = v;
        this.scanK = k;
      }
      this.work += k - kFrom;
    }
    return found ? best : Infinity;
  }
}

function earliestStartMulti(w: Float64Array, arrival: number): number {
  for (let k = 0; k < w.length; k += 2) if (arrival <= w[k + 1]!) return arrival < w[k]! ? w[k]! : arrival;
  return Infinity;
}
