/**
 * The solver's internal problem: a rich VRPTW in typed arrays (docs/decisions/0030).
 * Jobs are indices 0..nJobs-1, vehicles 0..nVehicles-1, locations 0..nLocs-1 (rows of the
 * matrices). Location `nLocs - 1` is always a dummy "nowhere" point at zero distance from
 * everything, used for open routes (a vehicle without start or end).
 *
 * Route cost of vehicle v = fixed(v) if used
 *   + Σ arc(v, i, j)                                 (arc = perTime·duration + perDistance·distance, or a custom cost matrix)
 *   + excessRate(v) · max(0, distance − freeDistance(v))   (the business's "first 50 km free" rule)
 */

/** One matrix set: durations (seconds or any time unit), distances, optional costs; row-major nLocs×nLocs. */
export interface MatrixSet {
  durations: Float64Array;
  distances: Float64Array;
  costs?: Float64Array;
}

export interface JobSpec {
  loc: number;
  service: number;
  /** Allowed service-start windows [start, end], sorted, non-overlapping. Empty = any time. */
  windows?: ReadonlyArray<readonly [number, number]>;
  demand?: readonly number[];
  /** The only vehicle allowed to serve this job (force-assigned, locked, or a day-locked technician's). */
  fixedVehicle?: number;
}

export interface VehicleSpec {
  /** Location index, or undefined for an open start (route begins at its first job). */
  start?: number;
  end?: number;
  window?: readonly [number, number];
  capacity?: readonly number[];
  profile?: number;
  maxTasks?: number;
  maxTravelTime?: number;
  maxDistance?: number;
  fixedCost?: number;
  /** Cost per unit of travel time (ignored with a custom cost matrix). */
  perTime?: number;
  /** Cost per unit of distance (ignored with a custom cost matrix). */
  perDistance?: number;
  /** Distance not paid; beyond it `excessRate` applies per distance unit. */
  freeDistance?: number;
  excessRate?: number;
  /** Blocked intervals [start, end] (unavailabilities): no travel or service inside them. */
  blocked?: ReadonlyArray<readonly [number, number]>;
  /** A frozen vehicle keeps its initial route untouched and takes nothing new. */
  frozen?: boolean;
}

export interface ProblemSpec {
  nLocs: number;
  /** One matrix set per profile. */
  matrices: MatrixSet[];
  jobs: JobSpec[];
  vehicles: VehicleSpec[];
  /** eligible(v, j): skills, zones, locks. Default: all eligible. */
  eligible?: (vehicle: number, job: number) => boolean;
  /** Initial routes per vehicle (job indices in order). */
  initialRoutes?: ReadonlyArray<readonly number[]>;
  /** Cost of leaving one job unassigned (lexicographic-like). */
  unassignedPenalty?: number;
  /** Per job: penalty when unserved (overrides `unassignedPenalty`, e.g. to weigh priorities). */
  jobPenalties?: readonly number[];
  /**
   * Exact check of a whole route, for rules the incremental checks cannot express (VROOM's
   * breaks, setups, load profiles: docs/decisions/0108). The incremental checks must then be a
   * relaxation (never refuse a feasible route); insertions and `evaluateRoute` also ask this.
   */
  routeCheck?: (vehicle: number, jobs: ArrayLike<number>) => boolean;
  /** Vehicles whose routes need `routeCheck` (default: all). */
  exactVehicles?: readonly boolean[];
}

export interface Instance {
  nJobs: number;
  nVehicles: number;
  /** Matrix dimension including the dummy location (last index). */
  nLocs: number;
  dims: number;
  jobLoc: Int32Array;
  service: Float64Array;
  /** Hull of the windows; single-window jobs use only these. */
  twStart: Float64Array;
  twEnd: Float64Array;
  /** Flattened [s0, e0, s1, e1, ...] for jobs with several windows, else null. */
  twMulti: Array<Float64Array | null>;
  demand: Float64Array;
  fixedVehicle: Int32Array;
  vStart: Int32Array;
  vEnd: Int32Array;
  vTwStart: Float64Array;
  vTwEnd: Float64Array;
  capacity: Float64Array;
  vMaxTasks: Int32Array;
  vMaxTravel: Float64Array;
  vMaxDist: Float64Array;
  vFixed: Float64Array;
  vFree: Float64Array;
  vExcess: Float64Array;
  vBlocked: Array<Float64Array | null>;
  vFrozen: Uint8Array;
  /** Per vehicle: durations, distances and arc-cost matrices (shared between vehicles with equal settings). */
  vDur: Float64Array[];
  vDist: Float64Array[];
  vArc: Float64Array[];
  /**
   * Per vehicle, what an insertion scan of job u reads, interleaved: the duration, arc cost and
   * distance of cell i·N+j at 3(i·N+j), 3(i·N+j)+1 and 3(i·N+j)+2. `vOut` holds the legs FROM u in
   * row u, `vIn` the legs INTO u (the very same array when the three matrices are symmetric). A
   * scan of u reads two rows instead of scattered columns, and one cache line per leg instead of
   * three: on a 1,000-shooting day each matrix is 14 MB and most of these reads miss the cache.
   */
  vOut: Float64Array[];
  vIn: Float64Array[];
  allowed: Uint8Array;
  initialRoutes: number[][];
  unassignedPenalty: number;
  /** Per job: penalty when unserved (jobs tied to a vehicle weigh 1000× more: they are never traded away). */
  jobPenalty: Float64Array;
  /** See `ProblemSpec.routeCheck`; null when the incremental checks are exact. */
  routeCheck: ((vehicle: number, jobs: ArrayLike<number>) => boolean) | null;
  /** 1 for the vehicles `routeCheck` applies to. */
  vExact: Uint8Array;
  /**
   * 1 for the vehicles whose travel durations are all ≥ 0 (real roads): an insertion scan may then
   * refuse a position on times alone, before it reads the matrix (a job cannot start before the
   * vehicle leaves the previous stop).
   */
  vNonNegative: Uint8Array;
}

/**
 * Derived matrices (padded, combined arc costs, transposes) are kept per source array: a day's
 * model builds several instances over the same matrices (one probe per technician with kept
 * shootings), and at 1,000 shootings each derived matrix costs tens of milliseconds and 14 MB.
 * Matrices are never written once built.
 */
const derived = new WeakMap<Float64Array, Map<string, Float64Array>>();
function derive(m: Float64Array, key: string, make: () => Float64Array): Float64Array {
  let byKey = derived.get(m);
  if (!byKey) derived.set(m, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) byKey.set(key, (out = make()));
  return out;
}

/** The transpose of an N×N matrix, or the matrix itself when it is symmetric. */
export function transposed(m: Float64Array, N: number): Float64Array {
  return derive(m, 'T', () => transpose(m, N));
}

function transpose(m: Float64Array, N: number): Float64Array {
  let symmetric = true;
  for (let i = 0; i < N && symmetric; i++) for (let j = i + 1; j < N; j++) if (m[i * N + j] !== m[j * N + i]) { symmetric = false; break; }
  if (symmetric) return m;
  const t = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) t[j * N + i] = m[i * N + j]!;
  return t;
}

/** Three N×N matrices interleaved cell by cell (see `Instance.vOut`). */
function interleave(dur: Float64Array, arc: Float64Array, dist: Float64Array, N: number): Float64Array {
  const out = new Float64Array(3 * N * N);
  for (let c = 0; c < N * N; c++) {
    out[3 * c] = dur[c]!;
    out[3 * c + 1] = arc[c]!;
    out[3 * c + 2] = dist[c]!;
  }
  return out;
}

/** Pads an n×n matrix to (n+1)×(n+1) with a zero row and column (the dummy location). */
export function padMatrix(m: Float64Array, n: number): Float64Array {
  const N = n + 1;
  const out = new Float64Array(N * N);
  for (let i = 0; i < n; i++) out.set(m.subarray(i * n, i * n + n), i * N);
  return out;
}

/**
 * Builds an Instance. `spec.nLocs` counts real locations; matrices are nLocs×nLocs and get a
 * dummy location appended here.
 */
export function buildInstance(spec: ProblemSpec): Instance {
  const nJobs = spec.jobs.length;
  const nVehicles = spec.vehicles.length;
  const n = spec.nLocs;
  const N = n + 1;
  const dummy = n;
  let dims = 0;
  for (const j of spec.jobs) dims = Math.max(dims, j.demand?.length ?? 0);
  for (const v of spec.vehicles) dims = Math.max(dims, v.capacity?.length ?? 0);

  const pad = (m: Float64Array) => derive(m, `pad${n}`, () => padMatrix(m, n));
  const padded = spec.matrices.map((m) => ({
    durations: pad(m.durations),
    distances: pad(m.distances),
    costs: m.costs ? pad(m.costs) : undefined,
  }));

  const jobLoc = new Int32Array(nJobs);
  const service = new Float64Array(nJobs);
  const twStart = new Float64Array(nJobs);
  const twEnd = new Float64Array(nJobs);
  const twMulti: Array<Float64Array | null> = [];
  const demand = new Float64Array(nJobs * dims);
  const fixedVehicle = new Int32Array(nJobs).fill(-1);
  spec.jobs.forEach((j, i) => {
    jobLoc[i] = j.loc;
    service[i] = j.service;
    const w = j.windows ?? [];
    if (w.length === 0) {
      twStart[i] = -Infinity;
      twEnd[i] = Infinity;
      twMulti.push(null);
    } else {
      twStart[i] = w[0]![0];
      twEnd[i] = w[w.length - 1]![1];
      twMulti.push(w.length > 1 ? Float64Array.from(w.flat()) : null);
    }
    j.demand?.forEach((d, k) => (demand[i * dims + k] = d));
    if (j.fixedVehicle !== undefined) fixedVehicle[i] = j.fixedVehicle;
  });

  const vStart = new Int32Array(nVehicles);
  const vEnd = new Int32Array(nVehicles);
  const vTwStart = new Float64Array(nVehicles);
  const vTwEnd = new Float64Array(nVehicles);
  const capacity = new Float64Array(nVehicles * dims).fill(Infinity);
  const vMaxTasks = new Int32Array(nVehicles);
  const vMaxTravel = new Float64Array(nVehicles);
  const vMaxDist = new Float64Array(nVehicles);
  const vFixed = new Float64Array(nVehicles);
  const vFree = new Float64Array(nVehicles);
  const vExcess = new Float64Array(nVehicles);
  const vBlocked: Array<Float64Array | null> = [];
  const vFrozen = new Uint8Array(nVehicles);
  const vDur: Float64Array[] = [];
  const vDist: Float64Array[] = [];
  const vArc: Float64Array[] = [];
  const arcCache = new Map<string, Float64Array>();
  const arcKeys: string[] = [];
  spec.vehicles.forEach((v, i) => {
    vStart[i] = v.start ?? dummy;
    vEnd[i] = v.end ?? dummy;
    vTwStart[i] = v.window?.[0] ?? 0;
    vTwEnd[i] = v.window?.[1] ?? Infinity;
    v.capacity?.forEach((c, k) => (capacity[i * dims + k] = c));
    vMaxTasks[i] = Math.min(v.maxTasks ?? nJobs, nJobs);
    vMaxTravel[i] = v.maxTravelTime ?? Infinity;
    vMaxDist[i] = v.maxDistance ?? Infinity;
    vFixed[i] = v.fixedCost ?? 0;
    vFree[i] = v.freeDistance ?? 0;
    vExcess[i] = v.excessRate ?? 0;
    const blocked = (v.blocked ?? []).filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
    vBlocked.push(blocked.length ? Float64Array.from(blocked.flat()) : null);
    vFrozen[i] = v.frozen ? 1 : 0;
    const p = v.profile ?? 0;
    const m = padded[p];
    if (!m) throw new Error(`vehicle ${i}: unknown profile ${p}`);
    vDur.push(m.durations);
    vDist.push(m.distances);
    const perTime = v.perTime ?? 0;
    const perDistance = v.perDistance ?? (v.perTime === undefined ? 1 : 0);
    const key = m.costs ? `${p}:custom` : `${p}:${perTime}:${perDistance}`;
    let arc = arcCache.get(key);
    if (!arc) {
      if (m.costs) arc = m.costs;
      else if (perTime === 0 && perDistance === 1) arc = m.distances;
      else if (perTime === 1 && perDistance === 0) arc = m.durations;
      else {
        arc = derive(m.durations, `arc:${perTime}:${perDistance}`, () => {
          const out = new Float64Array(N * N);
          for (let k = 0; k < N * N; k++) out[k] = perTime * m.durations[k]! + perDistance * m.distances[k]!;
          return out;
        });
      }
      arcCache.set(key, arc);
    }
    vArc.push(arc);
    arcKeys.push(key);
  });
  const vOut: Float64Array[] = [];
  const vIn: Float64Array[] = [];
  const vNonNegative = new Uint8Array(nVehicles);
  spec.vehicles.forEach((_, v) => {
    const [dur, arc, dist] = [vDur[v]!, vArc[v]!, vDist[v]!];
    const key = `pack:${arcKeys[v]}`;
    vOut.push(derive(dur, key, () => interleave(dur, arc, dist, N)));
    const [durT, arcT, distT] = [dur, arc, dist].map((m) => transposed(m, N)) as [Float64Array, Float64Array, Float64Array];
    const symmetric = durT === dur && arcT === arc && distT === dist;
    vIn.push(symmetric ? vOut[v]! : derive(dur, `${key}:T`, () => interleave(durT, arcT, distT, N)));
    vNonNegative[v] = derive(dur, 'min', () => Float64Array.of(dur.reduce((a, x) => (x < a ? x : a), Infinity)))[0]! >= 0 ? 1 : 0;
  });

  const allowed = new Uint8Array(nVehicles * nJobs);
  for (let v = 0; v < nVehicles; v++) {
    for (let j = 0; j < nJobs; j++) {
      let ok = spec.eligible ? spec.eligible(v, j) : true;
      const fv = fixedVehicle[j]!;
      if (fv >= 0) ok = fv === v;
      if (ok && dims > 0) {
        for (let k = 0; k < dims; k++) if (demand[j * dims + k]! > capacity[v * dims + k]!) ok = false;
      }
      allowed[v * nJobs + j] = ok ? 1 : 0;
    }
  }

  const unassignedPenalty = spec.unassignedPenalty ?? 1e7;
  const jobPenalty = new Float64Array(nJobs);
  for (let j = 0; j < nJobs; j++) jobPenalty[j] = spec.jobPenalties?.[j] ?? (fixedVehicle[j]! >= 0 ? unassignedPenalty * 1000 : unassignedPenalty);
  const initialRoutes: number[][] = [];
  for (let v = 0; v < nVehicles; v++) initialRoutes.push([...(spec.initialRoutes?.[v] ?? [])]);

  return {
    nJobs,
    nVehicles,
    nLocs: N,
    dims,
    jobLoc,
    service,
    twStart,
    twEnd,
    twMulti,
    demand,
    fixedVehicle,
    vStart,
    vEnd,
    vTwStart,
    vTwEnd,
    capacity,
    vMaxTasks,
    vMaxTravel,
    vMaxDist,
    vFixed,
    vFree,
    vExcess,
    vBlocked,
    vFrozen,
    vDur,
    vDist,
    vArc,
    vOut,
    vIn,
    allowed,
    initialRoutes,
    unassignedPenalty,
    jobPenalty,
    routeCheck: spec.routeCheck ?? null,
    vExact: Uint8Array.from({ length: nVehicles }, (_, v) => (spec.routeCheck && (spec.exactVehicles?.[v] ?? true) ? 1 : 0)),
    vNonNegative,
  };
}

/** Earliest service start at or after `arrival` inside the job's windows, or Infinity. */
export function earliestStart(inst: Instance, j: number, arrival: number): number {
  const multi = inst.twMulti[j];
  if (!multi) {
    if (arrival > inst.twEnd[j]!) return Infinity;
    return arrival < inst.twStart[j]! ? inst.twStart[j]! : arrival;
  }
  for (let k = 0; k < multi.length; k += 2) {
    if (arrival <= multi[k + 1]!) return arrival < multi[k]! ? multi[k]! : arrival;
  }
  return Infinity;
}

/** Latest point ≤ bound inside the job's windows (the latest feasible arrival), or -Infinity. */
export function latestStart(inst: Instance, j: number, bound: number): number {
  const multi = inst.twMulti[j];
  if (!multi) {
    if (bound < inst.twStart[j]!) return -Infinity;
    return bound > inst.twEnd[j]! ? inst.twEnd[j]! : bound;
  }
  for (let k = multi.length - 2; k >= 0; k -= 2) {
    if (bound >= multi[k]!) return bound > multi[k + 1]! ? multi[k + 1]! : bound;
  }
  return -Infinity;
}

/** Departure time ≥ dep such that travel [dep, dep+tt] avoids every blocked interval. */
export function departAvoiding(blocked: Float64Array, dep: number, tt: number): number {
  for (let k = 0; k < blocked.length; k += 2) {
    const bs = blocked[k]!;
    const be = blocked[k + 1]!;
    if (bs < dep + tt && be > dep) dep = be;
    else if (bs >= dep + tt) break;
  }
  return dep;
}

/** Service start ≥ start (inside windows) such that [start, start+s] avoids blocked intervals; Infinity if none. */
export function startAvoiding(inst: Instance, blocked: Float64Array, j: number, start: number): number {
  const s = inst.service[j]!;
  for (let k = 0; k < blocked.length && start < Infinity; k += 2) {
    const bs = blocked[k]!;
    const be = blocked[k + 1]!;
    if (bs < start + s && be > start) start = earliestStart(inst, j, be);
    else if (bs >= start + s) break;
  }
  return start;
}

/** Route cost from its totals. */
export function routeCost(inst: Instance, v: number, tasks: number, arcSum: number, dist: number): number {
  if (tasks === 0) return 0;
  const excess = dist - inst.vFree[v]!;
  return inst.vFixed[v]! + arcSum + (excess > 0 ? excess * inst.vExcess[v]! : 0);
}
