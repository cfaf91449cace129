/**
 * The VROOM project's JSON input and solution formats (docs/API.md of VROOM-Project/vroom),
 * so a day can be exported, replayed and compared with other solvers (docs/decisions/0034, 0108).
 *
 * Every documented key is honoured as VROOM does, or refused with an error naming it (code 2):
 * jobs (id, description, location, location_index, setup, service, setup_per_type,
 * service_per_type, delivery, pickup, deprecated amount, skills, priority, time_windows),
 * vehicles (id, profile, description, start, start_index, end, end_index, capacity, costs
 * {fixed, per_hour, per_task_hour, per_km}, skills, type, time_window, breaks {id,
 * time_windows, service, description, max_load}, speed_factor, max_tasks, max_travel_time,
 * max_distance, steps: the starting solution, as in VROOM's solving mode), matrices per profile
 * (durations, distances, costs) and the deprecated `matrix`. Refused: `shipments` (not
 * supported). Without matrices, travel comes from the offline provider (haversine × road
 * factor). Route timing, loads and steps follow VROOM exactly (vroom-route.ts); the objective
 * is VROOM's: most priority served first, then most tasks, then least cost.
 */
import { buildInstance, type Instance, type JobSpec, type VehicleSpec } from './engine/model.ts';
import { solveInstance, type SearchOptions } from './engine/sisr.ts';
import { OfflineTravelProvider } from './travel.ts';
import { buildDayModel, dayPoints, resolveSettings, windowOf, type DayProblem } from './day.ts';
import type { TravelMatrix } from './travel.ts';
import { formatRoute, routeFits, routeTimeline, type RouteBreak, type RouteJob, type RouteVehicle, type Window } from './vroom-route.ts';

export type Coord = [number, number];
export type TimeWindow = [number, number];

export interface VroomJob {
  id: number;
  description?: string;
  location?: Coord;
  location_index?: number;
  setup?: number;
  service?: number;
  setup_per_type?: Record<string, number>;
  service_per_type?: Record<string, number>;
  delivery?: number[];
  pickup?: number[];
  amount?: number[];
  skills?: number[];
  priority?: number;
  time_windows?: TimeWindow[];
}

export interface VroomBreak {
  id: number;
  time_windows?: TimeWindow[];
  service?: number;
  description?: string;
  max_load?: number[];
}

export interface VroomVehicleStep {
  type: 'start' | 'job' | 'pickup' | 'delivery' | 'break' | 'end';
  id?: number;
  service_at?: number;
  service_after?: number;
  service_before?: number;
}

export interface VroomVehicle {
  id: number;
  profile?: string;
  description?: string;
  start?: Coord;
  start_index?: number;
  end?: Coord;
  end_index?: number;
  capacity?: number[];
  costs?: { fixed?: number; per_hour?: number; per_task_hour?: number; per_km?: number };
  skills?: number[];
  type?: string;
  time_window?: TimeWindow;
  breaks?: VroomBreak[];
  speed_factor?: number;
  max_tasks?: number;
  max_travel_time?: number;
  max_distance?: number;
  steps?: VroomVehicleStep[];
}

export interface VroomMatrices {
  durations?: number[][];
  distances?: number[][];
  costs?: number[][];
}

export interface VroomProblem {
  jobs?: VroomJob[];
  shipments?: unknown[];
  vehicles: VroomVehicle[];
  matrices?: Record<string, VroomMatrices>;
  matrix?: number[][];
}

export interface VroomStep {
  type: 'start' | 'job' | 'break' | 'end';
  description?: string;
  location?: Coord;
  location_index?: number;
  id?: number;
  setup: number;
  service: number;
  waiting_time: number;
  /** Deprecated twin of `id` for jobs, still written by VROOM. */
  job?: number;
  load?: number[];
  arrival: number;
  duration: number;
  violations: unknown[];
  distance?: number;
}

/** Totals written on every route and, summed, in the summary. */
export interface VroomTotals {
  delivery?: number[];
  /** Deprecated twin of `delivery`, still written by VROOM. */
  amount?: number[];
  pickup?: number[];
  setup: number;
  service: number;
  duration: number;
  waiting_time: number;
  priority: number;
  distance?: number;
  violations: unknown[];
}

export interface VroomRoute extends VroomTotals {
  vehicle: number;
  cost: number;
  description?: string;
  steps: VroomStep[];
}

export interface VroomSummary extends VroomTotals {
  cost: number;
  routes: number;
  unassigned: number;
  computing_times: { loading: number; solving: number; routing: number };
}

export interface VroomSolution {
  code: number;
  error?: string;
  summary?: VroomSummary;
  unassigned?: Array<{ id: number; location?: Coord; location_index?: number; type: 'job'; description?: string }>;
  routes?: VroomRoute[];
}

export class VroomInputError extends Error {}

/** A VROOM problem mapped onto the engine, with what is needed to write the solution back. */
export interface VroomModel {
  problem: VroomProblem;
  instance: Instance;
  /** Engine location index → coordinates (if given) and matrix index (if given). */
  locCoord: Array<Coord | undefined>;
  locIndex: Array<number | undefined>;
  /** Exact route model per vehicle and per job (centiseconds). */
  routeVehicles: RouteVehicle[];
  routeJobs: RouteJob[];
  dims: number;
  /** Whether VROOM would report distances (distance matrices given, or needed by per_km / max_distance). */
  reportDistances: boolean;
  /** Per vehicle: custom cost matrix (user units) when the profile has one. */
  costMatrices: Array<Float64Array | undefined>;
}

const fail = (message: string): never => {
  throw new VroomInputError(message);
};
const isUint = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
function isCoord(c: unknown): c is Coord {
  return Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === 'number' && Number.isFinite(x));
}
/** VROOM's internal time unit: user seconds × 100. */
const CS = 100;
const MAX_PRIORITY = 100;

function uintOf(o: Record<string, unknown>, key: string, what: string): number | undefined {
  const x = o[key];
  if (x === undefined) return undefined;
  return isUint(x) ? x : fail(`Invalid ${key} for ${what}.`);
}

function stringOf(o: Record<string, unknown>, key: string, what: string): string | undefined {
  const x = o[key];
  if (x === undefined) return undefined;
  return typeof x === 'string' ? x : fail(`Invalid ${key} for ${what}.`);
}

function amountOf(o: Record<string, unknown>, key: string, what: string, size: number): number[] | undefined {
  const x = o[key];
  if (x === undefined) return undefined;
  if (!Array.isArray(x) || !x.every(isUint)) return fail(`Invalid ${key} array for ${what}.`);
  if (x.length !== size) return fail(`Inconsistent ${key} length for ${what}: ${x.length} instead of ${size}.`);
  return x;
}

function windowsOf(o: Record<string, unknown>, key: string, what: string): Window[] {
  const x = o[key];
  if (x === undefined) return [];
  if (!Array.isArray(x)) return fail(`Invalid ${key} array for ${what}.`);
  if (x.length === 0) return fail(`Empty ${key} for ${what}.`);
  const tws = x.map((w) => (Array.isArray(w) && w.length === 2 && isUint(w[0]) && isUint(w[1]) && w[0] <= w[1] ? ([w[0], w[1]] as const) : fail(`Invalid time window in ${key} for ${what}.`)));
  tws.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (let k = 1; k < tws.length; k++) if (tws[k]![0] <= tws[k - 1]![1]) fail(`Unsorted or overlapping ${key} for ${what}.`);
  return tws.map(([a, b]) => [a * CS, b * CS] as const);
}

function perTypeOf(o: Record<string, unknown>, key: string, what: string): Map<string, number> {
  const x = o[key];
  if (x === undefined) return new Map();
  if (!isObject(x)) return fail(`Invalid ${key} for ${what}.`);
  const out = new Map<string, number>();
  for (const [t, d] of Object.entries(x)) {
    if (!t) fail(`Empty type in ${key} for ${what}.`);
    if (!isUint(d)) fail(`Invalid value in ${key} for ${what}.`);
    out.set(t, d as number);
  }
  return out;
}

function skillsOf(o: Record<string, unknown>, what: string): number[] {
  const x = o.skills;
  if (x === undefined) return [];
  return Array.isArray(x) && x.every(isUint) ? x : fail(`Invalid skills for ${what}.`);
}

interface ParsedJob {
  src: VroomJob;
  loc: number;
  setup: number;
  service: number;
  setupPerType: Map<string, number>;
  servicePerType: Map<string, number>;
  delivery: number[];
  pickup: number[];
  skills: number[];
  priority: number;
  tws: Window[];
}

interface ParsedVehicle {
  src: VroomVehicle;
  start?: number;
  end?: number;
  profile: string;
  type: string | undefined;
  capacity?: number[];
  skills: Set<number>;
  tw: Window;
  breaks: RouteBreak[];
  speedFactor: number;
  fixed: number;
  perHour: number;
  perTaskHour: number;
  perKm: number;
  maxTasks: number;
  maxTravelTime: number;
  maxDistance: number;
  steps: Array<{ type: string; id?: number }>;
}

/** Builds the engine instance of a VROOM problem. Throws VroomInputError on bad or unsupported input. */
export function vroomToModel(problem: VroomProblem): VroomModel {
  if (!isObject(problem)) fail('Input root is not an object.');
  const raw = problem as unknown as Record<string, unknown>;
  if (!Array.isArray(raw.vehicles)) fail('Invalid vehicles.');
  if (problem.vehicles.length === 0) fail('No vehicle defined.');
  if (raw.jobs !== undefined && !Array.isArray(raw.jobs)) fail('Invalid jobs.');
  if (raw.shipments !== undefined) {
    if (!Array.isArray(raw.shipments)) fail('Invalid shipments.');
    if ((raw.shipments as unknown[]).length) fail('Unsupported key: shipments (pickup-and-delivery pairs are not supported; use jobs with pickup and delivery amounts).');
  }
  const jobsIn = problem.jobs ?? [];
  if (jobsIn.length === 0) fail('No task defined.');
  const first = problem.vehicles[0] as unknown;
  const dims = isObject(first) && Array.isArray(first.capacity) ? first.capacity.length : 0;

  // Matrices.
  if (raw.matrices !== undefined && !isObject(raw.matrices)) fail('Invalid matrices.');
  const matrices: Record<string, VroomMatrices> = { ...(problem.matrices ?? {}) };
  if (raw.matrix !== undefined && !matrices.car) matrices.car = { durations: problem.matrix };
  const checkMatrix = (m: unknown, what: string): number[][] | undefined => {
    if (m === undefined) return undefined;
    if (!Array.isArray(m) || m.length === 0) return fail(`Empty ${what} matrix.`);
    for (const row of m) {
      if (!Array.isArray(row) || row.length !== m.length) fail(`Unexpected line length in ${what} matrix.`);
      if (!(row as unknown[]).every(isUint)) fail(`Invalid entry in ${what} matrix.`);
    }
    return m as number[][];
  };
  for (const [p, m] of Object.entries(matrices)) {
    if (!isObject(m)) fail(`Invalid matrices for profile ${p}.`);
    checkMatrix(m.durations, `${p} durations`);
    checkMatrix(m.distances, `${p} distances`);
    checkMatrix(m.costs, `${p} costs`);
    if (!m.durations && (m.distances || m.costs)) fail(`Missing durations matrix for profile ${p} (distances and costs need custom durations).`);
  }
  const withDistances = Object.values(matrices).filter((m) => m.durations && m.distances).length;

  // Locations: by matrix index when given, else by coordinates.
  const locCoord: Array<Coord | undefined> = [];
  const locIndex: Array<number | undefined> = [];
  const byKey = new Map<string, number>();
  const locOf = (o: Record<string, unknown>, coordKey: string, indexKey: string, what: string): number | undefined => {
    const coord = o[coordKey];
    const index = o[indexKey];
    if (coord === undefined && index === undefined) return undefined;
    if (coord !== undefined && !isCoord(coord)) fail(`Invalid ${coordKey} for ${what}.`);
    if (index !== undefined && !isUint(index)) fail(`Invalid ${indexKey} for ${what}.`);
    const key = index !== undefined ? `i${index as number}` : `c${(coord as Coord)[0]},${(coord as Coord)[1]}`;
    let l = byKey.get(key);
    if (l === undefined) {
      l = locCoord.length;
      byKey.set(key, l);
      locCoord.push(coord as Coord | undefined);
      locIndex.push(index as number | undefined);
    } else if (coord !== undefined && !locCoord[l]) locCoord[l] = coord as Coord;
    return l;
  };

  // Jobs.
  const jobIds = new Set<number>();
  const jobs: ParsedJob[] = jobsIn.map((j) => {
    if (!isObject(j) || !isUint(j.id)) return fail('Invalid or missing id for job.');
    const what = `job ${j.id}`;
    if (jobIds.has(j.id)) fail(`Duplicate job id: ${j.id}.`);
    jobIds.add(j.id);
    const o = j as unknown as Record<string, unknown>;
    stringOf(o, 'description', what);
    const loc = locOf(o, 'location', 'location_index', what);
    if (loc === undefined) fail(`Invalid location for ${what}.`);
    const compat = o.amount !== undefined && o.delivery === undefined && o.pickup === undefined;
    const priority = o.priority === undefined ? 0 : isUint(o.priority) && o.priority <= MAX_PRIORITY ? o.priority : fail(`Invalid priority value for ${what}.`);
    return {
      src: j,
      loc: loc!,
      setup: (uintOf(o, 'setup', what) ?? 0) * CS,
      service: (uintOf(o, 'service', what) ?? 0) * CS,
      setupPerType: perTypeOf(o, 'setup_per_type', what),
      servicePerType: perTypeOf(o, 'service_per_type', what),
      delivery: (compat ? amountOf(o, 'amount', what, dims) : amountOf(o, 'delivery', what, dims)) ?? new Array<number>(dims).fill(0),
      pickup: amountOf(o, 'pickup', what, dims) ?? new Array<number>(dims).fill(0),
      skills: skillsOf(o, what),
      priority,
      tws: windowsOf(o, 'time_windows', what),
    };
  });
  const jobIndex = new Map(jobs.map((j, i) => [j.src.id, i]));

  // Vehicles.
  const vehicleIds = new Set<number>();
  const vehicles: ParsedVehicle[] = problem.vehicles.map((v) => {
    if (!isObject(v) || !isUint(v.id)) return fail('Invalid or missing id for vehicle.');
    const what = `vehicle ${v.id}`;
    if (vehicleIds.has(v.id)) fail(`Duplicate vehicle id: ${v.id}.`);
    vehicleIds.add(v.id);
    const o = v as unknown as Record<string, unknown>;
    stringOf(o, 'description', what);
    const profile = stringOf(o, 'profile', what) ?? 'car';
    const type = stringOf(o, 'type', what);
    const start = locOf(o, 'start', 'start_index', what);
    const end = locOf(o, 'end', 'end_index', what);
    if (start === undefined && end === undefined) fail(`No start or end specified for ${what}.`);
    // As VROOM: a missing capacity is zero in every dimension once the first vehicle has one.
    const capacity = amountOf(o, 'capacity', what, dims) ?? (dims ? new Array<number>(dims).fill(0) : undefined);
    let tw: Window = [0, Number.MAX_SAFE_INTEGER];
    if (o.time_window !== undefined) {
      const w = o.time_window;
      if (!(Array.isArray(w) && w.length === 2 && isUint(w[0]) && isUint(w[1]) && w[0] <= w[1])) fail(`Invalid time_window for ${what}.`);
      tw = [(w as number[])[0]! * CS, (w as number[])[1]! * CS];
    }
    const costs = o.costs === undefined ? {} : isObject(o.costs) ? o.costs : fail(`Invalid costs for ${what}.`);
    const fixed = uintOf(costs, 'fixed', `${what} costs`) ?? 0;
    const perHour = uintOf(costs, 'per_hour', `${what} costs`) ?? 3600;
    const perTaskHour = uintOf(costs, 'per_task_hour', `${what} costs`) ?? 0;
    const perKm = uintOf(costs, 'per_km', `${what} costs`) ?? 0;
    if (matrices[profile]?.costs && (perHour !== 3600 || perKm !== 0)) fail(`Custom costs matrix for profile ${profile} is inconsistent with per_hour or per_km costs of ${what}.`);
    const sf = o.speed_factor === undefined ? 1 : o.speed_factor;
    if (typeof sf !== 'number' || !(sf > 0 && sf <= 5)) fail(`Invalid speed_factor for ${what}.`);
    if (o.breaks !== undefined && !Array.isArray(o.breaks)) fail(`Invalid breaks for ${what}.`);
    const breakIds = new Set<number>();
    const breaks: RouteBreak[] = ((o.breaks as unknown[] | undefined) ?? []).map((b) => {
      if (!isObject(b) || !isUint(b.id)) return fail(`Invalid or missing id for break of ${what}.`);
      const bw = `break ${b.id} of ${what}`;
      if (breakIds.has(b.id)) fail(`Duplicate break id: ${b.id}.`);
      breakIds.add(b.id);
      const maxLoad = b.max_load === undefined ? undefined : (amountOf(b, 'max_load', bw, dims) as number[]);
      return { id: b.id, tws: windowsOf(b, 'time_windows', bw), service: (uintOf(b, 'service', bw) ?? 0) * CS, description: stringOf(b, 'description', bw), maxLoad };
    });
    // VROOM's order: by first window.
    const firstTw = (b: RouteBreak) => b.tws[0] ?? ([0, Number.MAX_SAFE_INTEGER] as const);
    breaks.sort((a, b) => firstTw(a)[0] - firstTw(b)[0] || firstTw(a)[1] - firstTw(b)[1]);
    if (o.steps !== undefined && !Array.isArray(o.steps)) fail(`Invalid steps for ${what}.`);
    const steps = ((o.steps as unknown[] | undefined) ?? []).map((st, k, all) => {
      if (!isObject(st)) return fail(`Invalid steps for ${what}.`);
      const t = st.type;
      if (!['start', 'job', 'pickup', 'delivery', 'break', 'end'].includes(t as string)) fail(`Invalid step type in steps for ${what}.`);
      if (t === 'start' && k !== 0) fail(`Unexpected start in input steps for ${what}.`);
      if (t === 'end' && k !== all.length - 1) fail(`Unexpected end in input steps for ${what}.`);
      for (const key of ['service_at', 'service_after', 'service_before']) uintOf(st, key, `a step of ${what}`);
      if (t !== 'start' && t !== 'end' && !isUint(st.id)) fail(`Invalid id in steps for ${what}.`);
      if (t === 'pickup' || t === 'delivery') fail(`Unsupported step type ${t as string} in steps for ${what} (shipments are not supported).`);
      if (t === 'job' && !jobIndex.has(st.id as number)) fail(`Invalid job id ${st.id as number} in steps for ${what}.`);
      if (t === 'break' && !breakIds.has(st.id as number)) fail(`Invalid break id ${st.id as number} in steps for ${what}.`);
      return { type: t as string, id: st.id as number | undefined };
    });
    return {
      src: v,
      start,
      end,
      profile,
      type,
      capacity,
      skills: new Set(skillsOf(o, what)),
      tw,
      breaks,
      speedFactor: sf as number,
      fixed,
      perHour,
      perTaskHour,
      perKm,
      maxTasks: uintOf(o, 'max_tasks', what) ?? Number.MAX_SAFE_INTEGER,
      maxTravelTime: (uintOf(o, 'max_travel_time', what) ?? Infinity) * CS,
      maxDistance: uintOf(o, 'max_distance', what) ?? Infinity,
      steps,
    };
  });
  const n = locCoord.length;
  const anyMatrix = Object.values(matrices).some((m) => m.durations || m.distances || m.costs);
  const anyIndex = locIndex.some((i) => i !== undefined);
  if (anyMatrix && !anyIndex) fail('Missing location index (custom matrices need location_index, start_index and end_index).');
  if (!anyMatrix && anyIndex) fail('Unexpected location index while no custom matrices provided.');
  if (withDistances > 0) for (const v of vehicles) if (!matrices[v.profile]?.distances) fail(`Missing distances matrix for ${v.profile} profile.`);
  const reportDistances = withDistances > 0 || vehicles.some((v) => v.perKm > 0 || v.maxDistance < Infinity);

  // Matrices per profile (user units), then per vehicle in centiseconds with its speed factor.
  const user = new Map<string, { durations: Float64Array; distances: Float64Array; costs?: Float64Array }>();
  let offline: { durations: Float64Array; distances: Float64Array } | undefined;
  const pick = (m: number[][], what: string): Float64Array => {
    const out = new Float64Array(n * n);
    for (let a = 0; a < n; a++) {
      const ia = locIndex[a];
      if (ia === undefined) fail(`Missing location_index while custom matrices are given for profile ${what}.`);
      if (ia! >= m.length) fail(`location_index ${ia} is out of the ${what} matrix (size ${m.length}).`);
      for (let b = 0; b < n; b++) {
        const ib = locIndex[b];
        if (ib === undefined) fail(`Missing location_index while custom matrices are given for profile ${what}.`);
        if (ib! >= m.length) fail(`location_index ${ib} is out of the ${what} matrix (size ${m.length}).`);
        out[a * n + b] = m[ia!]![ib!]!;
      }
    }
    return out;
  };
  const userMatrices = (p: string) => {
    let got = user.get(p);
    if (got) return got;
    const m = matrices[p];
    if (m?.durations) {
      const durations = pick(m.durations, p);
      const distances = m.distances ? pick(m.distances, p) : new Float64Array(n * n);
      got = { durations, distances, costs: m.costs ? pick(m.costs, p) : undefined };
    } else {
      if (!offline) {
        const pts = locCoord.map((c) => (c ? { lat: c[1], lng: c[0] } : fail(`Missing coordinates without a durations matrix for profile ${p}.`)));
        const mm = new OfflineTravelProvider().matrixSync(pts);
        const durations = new Float64Array(n * n);
        const distances = new Float64Array(n * n);
        for (let a = 0; a < n; a++) {
          for (let b = 0; b < n; b++) {
            durations[a * n + b] = Math.round(mm.durationsS[a]![b]!);
            distances[a * n + b] = Math.round(mm.distancesKm[a]![b]! * 1000);
          }
        }
        offline = { durations, distances };
      }
      got = offline;
    }
    user.set(p, got);
    return got;
  };
  for (const v of vehicles) {
    const m = matrices[v.profile];
    if (m?.durations && !m.distances && (v.perKm > 0 || v.maxDistance < Infinity)) fail(`per_km or max_distance for vehicle ${v.src.id} needs a distances matrix for profile ${v.profile}.`);
  }

  const engineSets: Array<{ durations: Float64Array; distances: Float64Array; costs?: Float64Array }> = [];
  const setKey = new Map<string, number>();
  const routeVehicles: RouteVehicle[] = [];
  const costMatrices: Array<Float64Array | undefined> = [];
  const vehicleSpecs: VehicleSpec[] = vehicles.map((v) => {
    const um = userMatrices(v.profile);
    const factor = Math.round((1 / v.speedFactor) * CS);
    const key = `${v.profile}|${factor}`;
    let set = setKey.get(key);
    if (set === undefined) {
      engineSets.push({ durations: um.durations.map((x) => x * factor), distances: um.distances, costs: um.costs });
      set = engineSets.length - 1;
      setKey.set(key, set);
    }
    const setupOf = (j: ParsedJob) => (v.type !== undefined && j.setupPerType.has(v.type) ? j.setupPerType.get(v.type)! * CS : j.setup);
    const serviceOf = (j: ParsedJob) => (v.type !== undefined && j.servicePerType.has(v.type) ? j.servicePerType.get(v.type)! * CS : j.service);
    routeVehicles.push({
      start: v.start,
      end: v.end,
      tw: v.tw,
      breaks: v.breaks,
      capacity: v.capacity,
      dur: engineSets[set]!.durations,
      dist: um.distances,
      N: n,
      maxTasks: v.maxTasks,
      maxTravelTime: v.maxTravelTime,
      maxDistance: v.maxDistance,
      setup: Float64Array.from(jobs, setupOf),
      service: Float64Array.from(jobs, serviceOf),
    });
    costMatrices.push(um.costs);
    return {
      start: v.start,
      end: v.end,
      window: v.tw,
      profile: set,
      maxTasks: Math.min(v.maxTasks, jobs.length),
      maxTravelTime: v.maxTravelTime,
      maxDistance: v.maxDistance,
      fixedCost: v.fixed,
      // Engine durations are centiseconds; costs in VROOM's user units.
      perTime: um.costs ? 0 : v.perHour / 3600 / CS,
      perDistance: um.costs ? 0 : v.perKm / 1000,
    };
  });

  const routeJobs: RouteJob[] = jobs.map((j) => ({ loc: j.loc, tws: j.tws, delivery: j.delivery, pickup: j.pickup }));
  // The incremental checks see the shortest service of any vehicle type and no setup or breaks
  // (a relaxation); the exact check decides whenever one of those matters. Loads: with only
  // deliveries (or only pickups) the peak load is their sum, which the incremental check
  // handles exactly; with both, the load profile needs the exact check.
  const minService = jobs.map((_, i) => Math.min(...routeVehicles.map((rv) => rv.service[i]!)));
  const hasPickups = jobs.some((j) => j.pickup.some((x) => x > 0));
  const hasDeliveries = jobs.some((j) => j.delivery.some((x) => x > 0));
  const profile = hasPickups && hasDeliveries;
  const exactVehicles = vehicles.map(
    (v, vi) =>
      v.breaks.length > 0 ||
      (profile && v.capacity !== undefined) ||
      routeVehicles[vi]!.setup.some((x) => x > 0) ||
      routeVehicles[vi]!.service.some((x, i) => x !== minService[i]),
  );
  const exact = exactVehicles.some(Boolean);
  const jobSpecs: JobSpec[] = jobs.map((j, i) => ({
    loc: j.loc,
    service: minService[i]!,
    windows: j.tws,
    ...(dims && !profile ? { demand: hasPickups ? j.pickup : j.delivery } : {}),
  }));
  if (dims && !profile) for (let vi = 0; vi < vehicles.length; vi++) vehicleSpecs[vi]!.capacity = vehicles[vi]!.capacity;
  const eligible = (vi: number, ji: number) => {
    const v = vehicles[vi]!;
    const j = jobs[ji]!;
    if (!j.skills.every((s) => v.skills.has(s))) return false;
    if (v.capacity && (j.delivery.some((d, k) => d > v.capacity![k]!) || j.pickup.some((p, k) => p > v.capacity![k]!))) return false;
    return true;
  };
  const routeCheck = (vi: number, route: ArrayLike<number>) => routeFits(routeVehicles[vi]!, routeJobs, route, dims);

  // VROOM's ranking: priority served, then tasks served, then cost.
  const maxCost = 1e9;
  const hasPriorities = jobs.some((j) => j.priority > 0);
  const jobPenalties = jobs.map((j) => maxCost + (hasPriorities ? j.priority * maxCost * (jobs.length + 1) : 0));

  // Starting solution (solving mode): steps must describe valid routes.
  const initialRoutes = vehicles.map((v, vi) => {
    const route = v.steps.filter((s) => s.type === 'job').map((s) => jobIndex.get(s.id!)!);
    if (!route.length) return route;
    if (new Set(route).size !== route.length) fail(`Duplicate job in steps for vehicle ${v.src.id}.`);
    if (!route.every((ji) => eligible(vi, ji)) || !routeTimeline(routeVehicles[vi]!, routeJobs, route, dims)) fail(`Infeasible route in steps for vehicle ${v.src.id}.`);
    return route;
  });
  const used = initialRoutes.flat();
  if (new Set(used).size !== used.length) fail('A job appears in the steps of several vehicles.');

  const instance = buildInstance({
    nLocs: n,
    matrices: engineSets,
    jobs: jobSpecs,
    vehicles: vehicleSpecs,
    eligible,
    initialRoutes,
    unassignedPenalty: maxCost,
    jobPenalties,
    ...(exact ? { routeCheck, exactVehicles } : {}),
  });
  return { problem, instance, locCoord, locIndex, routeVehicles, routeJobs, dims, reportDistances, costMatrices };
}

/** Writes engine routes as a VROOM solution (keys in VROOM's order). */
export function modelToVroomSolution(model: VroomModel, routes: number[][], unassigned: number[], times: { loading: number; solving: number }): VroomSolution {
  const { problem, dims } = model;
  const jobs = problem.jobs ?? [];
  const where = (l: number | undefined) => {
    const out: { location?: Coord; location_index?: number } = {};
    if (l === undefined) return out;
    const c = model.locCoord[l];
    if (c) out.location = c;
    const i = model.locIndex[l];
    if (i !== undefined) out.location_index = i;
    return out;
  };
  const amounts = (x: number[]) => (dims ? { delivery: x, amount: [...x] } : {});
  const outRoutes: VroomRoute[] = [];
  const sum = { cost: 0, setup: 0, service: 0, duration: 0, waiting: 0, priority: 0, distance: 0, delivery: new Array<number>(dims).fill(0), pickup: new Array<number>(dims).fill(0) };
  routes.forEach((r, vi) => {
    if (!r.length) return;
    const veh = problem.vehicles[vi]!;
    const rv = model.routeVehicles[vi]!;
    const tl = routeTimeline(rv, model.routeJobs, r, dims);
    if (!tl) throw new Error(`internal: route of vehicle ${veh.id} does not hold`);
    const out = formatRoute(rv, model.routeJobs, r, dims, tl);
    const delivery = new Array<number>(dims).fill(0);
    const pickup = new Array<number>(dims).fill(0);
    let priority = 0;
    for (const j of r) {
      const rj = model.routeJobs[j]!;
      for (let k = 0; k < dims; k++) {
        delivery[k]! += rj.delivery[k]!;
        pickup[k]! += rj.pickup[k]!;
      }
      priority += jobs[j]!.priority ?? 0;
    }
    const steps: VroomStep[] = out.steps.map((st) => {
      const step: Partial<VroomStep> = { type: st.kind };
      if (st.kind === 'job') {
        const job = jobs[st.ref]!;
        if (job.description !== undefined) step.description = job.description;
        Object.assign(step, where(st.loc));
        step.id = job.id;
      } else if (st.kind === 'break') {
        const b = rv.breaks[st.ref]!;
        if (b.description !== undefined) step.description = b.description;
        step.id = b.id;
      } else Object.assign(step, where(st.loc));
      step.setup = st.setup;
      step.service = st.service;
      step.waiting_time = st.waiting_time;
      if (st.kind === 'job') step.job = step.id;
      if (dims) step.load = st.load;
      step.arrival = st.arrival;
      step.duration = st.duration;
      step.violations = [];
      if (model.reportDistances) step.distance = st.distance;
      return step as VroomStep;
    });
    const costs = veh.costs ?? {};
    const custom = model.costMatrices[vi];
    let travelCost: number;
    if (custom) {
      const N = rv.N;
      travelCost = 0;
      const locs = [rv.start, ...r.map((j) => model.routeJobs[j]!.loc), rv.end];
      for (let k = 1; k < locs.length; k++) if (locs[k - 1] !== undefined && locs[k] !== undefined) travelCost += custom[locs[k - 1]! * N + locs[k]!]!;
    } else travelCost = Math.round((out.duration * (costs.per_hour ?? 3600)) / 3600 + (out.distance * (costs.per_km ?? 0)) / 1000);
    const taskCost = Math.trunc(((costs.per_task_hour ?? 0) * (out.setupCs + out.serviceCs)) / (CS * 3600));
    const route: VroomRoute = {
      vehicle: veh.id,
      cost: (costs.fixed ?? 0) + travelCost + taskCost,
      ...(veh.description !== undefined ? { description: veh.description } : {}),
      ...amounts(delivery),
      ...(dims ? { pickup } : {}),
      setup: out.setup,
      service: out.service,
      duration: out.duration,
      waiting_time: out.waiting_time,
      priority,
      ...(model.reportDistances ? { distance: out.distance } : {}),
      steps,
      violations: [],
    };
    outRoutes.push(route);
    sum.cost += route.cost;
    sum.setup += route.setup;
    sum.service += route.service;
    sum.duration += route.duration;
    sum.waiting += route.waiting_time;
    sum.priority += priority;
    sum.distance += out.distance;
    for (let k = 0; k < dims; k++) {
      sum.delivery[k]! += delivery[k]!;
      sum.pickup[k]! += pickup[k]!;
    }
  });
  return {
    code: 0,
    summary: {
      cost: sum.cost,
      routes: outRoutes.length,
      unassigned: unassigned.length,
      ...amounts(sum.delivery),
      ...(dims ? { pickup: sum.pickup } : {}),
      setup: sum.setup,
      service: sum.service,
      duration: sum.duration,
      waiting_time: sum.waiting,
      priority: sum.priority,
      ...(model.reportDistances ? { distance: sum.distance } : {}),
      violations: [],
      computing_times: { loading: Math.round(times.loading), solving: Math.round(times.solving), routing: 0 },
    },
    unassigned: unassigned.map((j) => {
      const job = jobs[j]!;
      return {
        id: job.id,
        ...(job.location ? { location: job.location } : {}),
        ...(job.location_index !== undefined ? { location_index: job.location_index } : {}),
        type: 'job' as const,
        ...(job.description !== undefined ? { description: job.description } : {}),
      };
    }),
    routes: outRoutes,
  };
}

/** Solves a VROOM problem end to end (pure; offline travel when no matrices are given). */
export function solveVroom(problem: VroomProblem, options: SearchOptions = {}): VroomSolution {
  const t0 = performance.now();
  let model: VroomModel;
  try {
    model = vroomToModel(problem);
  } catch (e) {
    if (e instanceof VroomInputError) return { code: 2, error: e.message };
    return { code: 1, error: e instanceof Error ? e.message : String(e) };
  }
  const t1 = performance.now();
  try {
    const res = solveInstance(model.instance, options);
    return modelToVroomSolution(model, res.routes, res.unassigned, { loading: t1 - t0, solving: res.elapsedMs });
  } catch (e) {
    return { code: 1, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Skill ids used to encode a day's eligibility in VROOM's skills (each shooting requires its own). */
export const VROOM_SHOOTING_SKILL_BASE = 1_000_000;

/**
 * A technician's unavailabilities as VROOM breaks: VROOM makes a used vehicle take every break
 * inside its working hours, so each one is clipped to them and dropped when outside.
 */
function breaksOf(unavailabilities: ReadonlyArray<{ start: number; end: number }>, hours: { start: number; end: number }): VroomBreak[] {
  return unavailabilities.flatMap((u, k) => {
    const s = Math.max(u.start, hours.start);
    const e = Math.min(u.end, hours.end);
    return e > s ? [{ id: k + 1, time_windows: [[Math.round(s), Math.round(s)]] as TimeWindow[], service: Math.round(e - s), description: 'unavailability' }] : [];
  });
}

/**
 * Exports a day (the dispatch screen's 'export day') as a VROOM problem. Eligibility (zones,
 * skills, locks, kept assignments) is encoded exactly: shooting s requires skill
 * 1 000 000 + s.id and each technician holds the skills of the shootings they may serve.
 * Technician and shooting ids are kept; coordinates are [lng, lat]; matrices are the day's
 * travel matrix in whole seconds and metres; unavailabilities become breaks (clipped to the
 * working hours); cost = travel
 * seconds (VROOM cannot express the 50 free km).
 */
export function dayToVroom(problem: DayProblem, matrix: TravelMatrix): VroomProblem {
  const settings = resolveSettings(problem.settings);
  const model = buildDayModel(problem, matrix);
  const S = problem.shootings.length;
  const points = dayPoints(problem);
  const eligible = (v: number, j: number) => model.instance.allowed[v * S + j] === 1 && !model.instance.vFrozen[v];
  return {
    vehicles: problem.technicians.map((t, v) => {
      const h = t.workingHours ?? settings.defaultWorkingHours;
      const kept = model.instance.vFrozen[v] ? model.instance.initialRoutes[v]! : [];
      return {
        id: t.id,
        start: [t.start.lng, t.start.lat] as Coord,
        start_index: S + 2 * v,
        end: [(t.end ?? t.start).lng, (t.end ?? t.start).lat] as Coord,
        end_index: S + 2 * v + 1,
        time_window: [h.start, h.end] as TimeWindow,
        skills: problem.shootings.flatMap((s, j) => (eligible(v, j) || kept.includes(j) ? [VROOM_SHOOTING_SKILL_BASE + s.id] : [])),
        ...(breaksOf(t.unavailabilities ?? [], h).length ? { breaks: breaksOf(t.unavailabilities ?? [], h) } : {}),
        ...(kept.length ? { steps: [{ type: 'start' as const }, ...kept.map((j) => ({ type: 'job' as const, id: problem.shootings[j]!.id })), { type: 'end' as const }] } : {}),
      };
    }),
    jobs: problem.shootings.map((s, j) => {
      const w = windowOf(s.am);
      return {
        id: s.id,
        location: [points[j]!.lng, points[j]!.lat] as Coord,
        location_index: j,
        service: Math.round(s.durationS),
        skills: [VROOM_SHOOTING_SKILL_BASE + s.id],
        time_windows: [[w.start, w.end] as TimeWindow],
      };
    }),
    matrices: {
      car: {
        durations: matrix.durationsS.map((r) => r.map((x) => Math.round(x))),
        distances: matrix.distancesKm.map((r) => r.map((x) => Math.round(x * 1000))),
      },
    },
  };
}
