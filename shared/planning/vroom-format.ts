/**
 * The VROOM project's JSON input and solution formats (docs/API.md of VROOM-Project/vroom),
 * so a day can be exported, replayed and compared with other solvers (docs/decisions/0034).
 *
 * Supported input: jobs (id, description, location, location_index, setup, service, delivery,
 * pickup, amount, skills, time_windows), vehicles (id, profile, description, start,
 * start_index, end, end_index, capacity, costs {fixed, per_hour, per_km}, skills, time_window,
 * breaks, speed_factor, max_tasks, max_travel_time, max_distance, steps as a starting
 * solution), matrices per profile (durations, distances, costs) or the legacy `matrix`.
 * Without matrices, travel comes from the offline provider (haversine × road factor).
 * Not supported: shipments (error), priorities (ignored). A break is modelled as a blocked
 * interval [window start, window start + service] (no travel or service inside it), reported
 * as a `break` step. Setup counts as service. Pickups and deliveries are checked on their sum
 * (conservative: never over capacity, may refuse a few loads VROOM would accept).
 */
import { buildInstance, type Instance, type JobSpec, type VehicleSpec } from './engine/model.ts';
import { evaluateRoute } from './engine/schedule.ts';
import { solveInstance, type SearchOptions } from './engine/sisr.ts';
import { OfflineTravelProvider } from './travel.ts';
import { buildDayModel, dayPoints, resolveSettings, windowOf, type DayProblem } from './day.ts';
import type { TravelMatrix } from './travel.ts';

export type Coord = [number, number];
export type TimeWindow = [number, number];

export interface VroomJob {
  id: number;
  description?: string;
  location?: Coord;
  location_index?: number;
  setup?: number;
  service?: number;
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
}

export interface VroomVehicleStep {
  type: 'start' | 'job' | 'pickup' | 'delivery' | 'break' | 'end';
  id?: number;
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
  costs?: { fixed?: number; per_hour?: number; per_km?: number };
  skills?: number[];
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
  id?: number;
  description?: string;
  location?: Coord;
  location_index?: number;
  arrival: number;
  duration: number;
  setup: number;
  service: number;
  waiting_time: number;
  distance: number;
  load?: number[];
  violations: unknown[];
}

export interface VroomRoute {
  vehicle: number;
  description?: string;
  cost: number;
  setup: number;
  service: number;
  duration: number;
  waiting_time: number;
  priority: number;
  distance: number;
  delivery?: number[];
  pickup?: number[];
  steps: VroomStep[];
  violations: unknown[];
}

export interface VroomSolution {
  code: number;
  error?: string;
  summary?: {
    cost: number;
    routes: number;
    unassigned: number;
    setup: number;
    service: number;
    duration: number;
    waiting_time: number;
    priority: number;
    distance: number;
    delivery?: number[];
    pickup?: number[];
    violations: unknown[];
    computing_times: { loading: number; solving: number; routing: number };
  };
  unassigned?: Array<{ id: number; type: 'job'; description?: string; location?: Coord; location_index?: number }>;
  routes?: VroomRoute[];
}

export class VroomInputError extends Error {}

/** A VROOM problem mapped onto the engine, with what is needed to write the solution back. */
export interface VroomModel {
  problem: VroomProblem;
  instance: Instance;
  /** Engine location index → coordinates (if known) and matrix index. */
  locCoord: Array<Coord | undefined>;
  locIndex: Array<number | undefined>;
  /** Per vehicle: breaks as [id, start, service]. */
  breaks: Array<Array<[number, number, number]>>;
  warnings: string[];
}

function isCoord(c: unknown): c is Coord {
  return Array.isArray(c) && c.length === 2 && c.every((x) => typeof x === 'number' && Number.isFinite(x));
}

/** Builds the engine instance of a VROOM problem. Throws VroomInputError on bad input. */
export function vroomToModel(problem: VroomProblem): VroomModel {
  const warnings: string[] = [];
  if (!problem || !Array.isArray(problem.vehicles) || problem.vehicles.length === 0) throw new VroomInputError('Invalid vehicles.');
  const jobs = problem.jobs ?? [];
  if (problem.shipments && problem.shipments.length) throw new VroomInputError('Shipments are not supported.');
  const ids = new Set<number>();
  for (const j of jobs) {
    if (!Number.isInteger(j.id)) throw new VroomInputError('Invalid id for job.');
    if (ids.has(j.id)) throw new VroomInputError(`Duplicate job id: ${j.id}.`);
    ids.add(j.id);
  }
  const vids = new Set<number>();
  for (const v of problem.vehicles) {
    if (!Number.isInteger(v.id)) throw new VroomInputError('Invalid id for vehicle.');
    if (vids.has(v.id)) throw new VroomInputError(`Duplicate vehicle id: ${v.id}.`);
    vids.add(v.id);
    if (v.start === undefined && v.end === undefined && v.start_index === undefined && v.end_index === undefined) {
      throw new VroomInputError(`Vehicle ${v.id} has neither start nor end.`);
    }
  }
  const matrices: Record<string, VroomMatrices> = { ...(problem.matrices ?? {}) };
  if (problem.matrix && !matrices.car) matrices.car = { durations: problem.matrix };
  const profiles = [...new Set(problem.vehicles.map((v) => v.profile ?? 'car'))];
  const custom = profiles.every((p) => matrices[p]?.durations || matrices[p]?.costs);

  // Locations.
  const locCoord: Array<Coord | undefined> = [];
  const locIndex: Array<number | undefined> = [];
  const byKey = new Map<string, number>();
  const locOf = (coord: Coord | undefined, index: number | undefined, what: string): number => {
    if (custom) {
      if (index === undefined || !Number.isInteger(index) || index < 0) throw new VroomInputError(`Missing location_index for ${what}.`);
      const key = `i${index}`;
      let l = byKey.get(key);
      if (l === undefined) {
        l = locCoord.length;
        byKey.set(key, l);
        locCoord.push(isCoord(coord) ? coord : undefined);
        locIndex.push(index);
      }
      return l;
    }
    if (!isCoord(coord)) throw new VroomInputError(`Invalid location for ${what}.`);
    const key = `c${coord[0]},${coord[1]}`;
    let l = byKey.get(key);
    if (l === undefined) {
      l = locCoord.length;
      byKey.set(key, l);
      locCoord.push(coord);
      locIndex.push(index);
    }
    return l;
  };
  const jobLocs = jobs.map((j) => locOf(j.location, j.location_index, `job ${j.id}`));
  const vStart = problem.vehicles.map((v) => (v.start !== undefined || v.start_index !== undefined ? locOf(v.start, v.start_index, `vehicle ${v.id} start`) : undefined));
  const vEnd = problem.vehicles.map((v) => (v.end !== undefined || v.end_index !== undefined ? locOf(v.end, v.end_index, `vehicle ${v.id} end`) : undefined));
  const n = locCoord.length;

  // Matrices per (profile, speed factor).
  const sets: Array<{ durations: Float64Array; distances: Float64Array; costs?: Float64Array }> = [];
  const setKey = new Map<string, number>();
  const pick = (m: number[][] | undefined, what: string): Float64Array | undefined => {
    if (!m) return undefined;
    const out = new Float64Array(n * n);
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        const x = m[locIndex[a]!]?.[locIndex[b]!];
        if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) throw new VroomInputError(`Invalid ${what} matrix entry at [${locIndex[a]}][${locIndex[b]}].`);
        out[a * n + b] = x;
      }
    }
    return out;
  };
  let offline: { durations: Float64Array; distances: Float64Array } | undefined;
  const offlineSet = () => {
    if (!offline) {
      const pts = locCoord.map((c) => {
        if (!c) throw new VroomInputError('Coordinates are required without matrices.');
        return { lat: c[1], lng: c[0] };
      });
      const m = new OfflineTravelProvider().matrixSync(pts);
      const durations = new Float64Array(n * n);
      const distances = new Float64Array(n * n);
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          durations[a * n + b] = Math.round(m.durationsS[a]![b]!);
          distances[a * n + b] = Math.round(m.distancesKm[a]![b]! * 1000);
        }
      }
      offline = { durations, distances };
    }
    return offline;
  };
  const profileOf = (v: VroomVehicle): number => {
    const p = v.profile ?? 'car';
    const sf = v.speed_factor ?? 1;
    if (!(sf > 0 && sf <= 5)) throw new VroomInputError(`Invalid speed_factor for vehicle ${v.id}.`);
    const key = `${p}|${sf}`;
    const known = setKey.get(key);
    if (known !== undefined) return known;
    const m = matrices[p];
    let durations: Float64Array;
    let distances: Float64Array;
    let costs: Float64Array | undefined;
    if (custom && m) {
      const d = pick(m.durations, 'durations');
      const c = pick(m.costs, 'costs');
      durations = d ?? c!;
      distances = pick(m.distances, 'distances') ?? durations;
      costs = c;
    } else {
      const o = offlineSet();
      durations = o.durations;
      distances = o.distances;
    }
    if (sf !== 1) durations = durations.map((x) => Math.round(x / sf));
    sets.push({ durations, distances, costs });
    setKey.set(key, sets.length - 1);
    return sets.length - 1;
  };

  const dims = Math.max(0, ...problem.vehicles.map((v) => v.capacity?.length ?? 0), ...jobs.map((j) => (j.delivery ?? j.amount ?? j.pickup ?? []).length));
  const amount = (j: VroomJob) => {
    const d = j.delivery ?? j.amount ?? [];
    const p = j.pickup ?? [];
    return Array.from({ length: dims }, (_, k) => (d[k] ?? 0) + (p[k] ?? 0));
  };
  const breaks: Array<Array<[number, number, number]>> = [];
  const jobSpecs: JobSpec[] = jobs.map((j, i) => {
    const tws = (j.time_windows ?? []).map((w) => [w[0], w[1]] as const).sort((a, b) => a[0] - b[0]);
    if (tws.some((w) => !(w[1] >= w[0]))) throw new VroomInputError(`Invalid time window for job ${j.id}.`);
    if (j.priority) warnings.push('priorities are ignored');
    return { loc: jobLocs[i]!, service: (j.service ?? 0) + (j.setup ?? 0), windows: tws, demand: amount(j) };
  });
  const vehicleSpecs: VehicleSpec[] = problem.vehicles.map((v, i) => {
    const profile = profileOf(v);
    const costs = v.costs ?? {};
    const customCost = !!sets[profile]!.costs;
    const bs: Array<[number, number, number]> = (v.breaks ?? []).map((b) => [b.id, b.time_windows?.[0]?.[0] ?? v.time_window?.[0] ?? 0, b.service ?? 0]);
    breaks.push(bs);
    return {
      start: vStart[i],
      end: vEnd[i],
      window: v.time_window ? [v.time_window[0], v.time_window[1]] : undefined,
      capacity: dims ? Array.from({ length: dims }, (_, k) => v.capacity?.[k] ?? (v.capacity ? 0 : Infinity)) : undefined,
      profile,
      maxTasks: v.max_tasks,
      maxTravelTime: v.max_travel_time,
      maxDistance: v.max_distance,
      fixedCost: costs.fixed ?? 0,
      perTime: customCost ? 0 : (costs.per_hour ?? 3600) / 3600,
      perDistance: customCost ? 0 : (costs.per_km ?? 0) / 1000,
      blocked: bs.map(([, s, d]) => [s, s + d] as const),
    };
  });
  const jobIndex = new Map(jobs.map((j, i) => [j.id, i]));
  const initialRoutes = problem.vehicles.map((v) => (v.steps ?? []).filter((s) => s.type === 'job' && s.id !== undefined && jobIndex.has(s.id)).map((s) => jobIndex.get(s.id!)!));
  const instance = buildInstance({
    nLocs: n,
    matrices: sets,
    jobs: jobSpecs,
    vehicles: vehicleSpecs,
    eligible: (vi, ji) => {
      const need = jobs[ji]!.skills ?? [];
      if (!need.length) return true;
      const have = new Set(problem.vehicles[vi]!.skills ?? []);
      return need.every((s) => have.has(s));
    },
    initialRoutes,
    unassignedPenalty: 1e9,
  });
  return { problem, instance, locCoord, locIndex, breaks, warnings: [...new Set(warnings)] };
}

/** Writes engine routes as a VROOM solution. */
export function modelToVroomSolution(model: VroomModel, routes: number[][], unassigned: number[], times: { loading: number; solving: number }): VroomSolution {
  const { problem, instance: inst } = model;
  const jobs = problem.jobs ?? [];
  const dims = inst.dims;
  const where = (l: number) => {
    const out: { location?: Coord; location_index?: number } = {};
    if (l < model.locCoord.length) {
      const c = model.locCoord[l];
      if (c) out.location = c;
      const i = model.locIndex[l];
      if (i !== undefined) out.location_index = i;
    }
    return out;
  };
  const outRoutes: VroomRoute[] = [];
  const sum = { cost: 0, service: 0, duration: 0, waiting: 0, distance: 0, delivery: new Array<number>(dims).fill(0), pickup: new Array<number>(dims).fill(0) };
  routes.forEach((r, v) => {
    if (!r.length) return;
    const veh = problem.vehicles[v]!;
    const e = evaluateRoute(inst, v, r);
    const delivery = new Array<number>(dims).fill(0);
    const pickup = new Array<number>(dims).fill(0);
    for (const j of r) {
      const d = jobs[j]!.delivery ?? jobs[j]!.amount ?? [];
      const p = jobs[j]!.pickup ?? [];
      for (let k = 0; k < dims; k++) {
        delivery[k]! += d[k] ?? 0;
        pickup[k]! += p[k] ?? 0;
      }
    }
    let load = [...delivery];
    const steps: VroomStep[] = [];
    const vb = [...model.breaks[v]!].sort((a, b) => a[1] - b[1]);
    let bi = 0;
    const pushBreaks = (before: number, travelSoFar: number, distanceSoFar: number) => {
      while (bi < vb.length && vb[bi]![1] <= before) {
        const [id, s, d] = vb[bi++]!;
        steps.push({ type: 'break', id, arrival: s, duration: travelSoFar, setup: 0, service: d, waiting_time: 0, distance: distanceSoFar, violations: [], ...(dims ? { load: [...load] } : {}) });
      }
    };
    for (const st of e.steps) {
      if (st.kind !== 'start') pushBreaks(st.arrival, st.travelSoFar, st.distanceSoFar);
      const base: VroomStep = {
        type: st.kind,
        ...where(st.loc),
        arrival: Math.round(st.arrival),
        duration: Math.round(st.travelSoFar),
        setup: 0,
        service: Math.round(st.service),
        waiting_time: Math.round(st.waiting),
        distance: Math.round(st.distanceSoFar),
        violations: [],
      };
      if (st.kind === 'job') {
        const job = jobs[st.job]!;
        base.id = job.id;
        if (job.description !== undefined) base.description = job.description;
        const d = job.delivery ?? job.amount ?? [];
        const p = job.pickup ?? [];
        load = load.map((x, k) => x - (d[k] ?? 0) + (p[k] ?? 0));
      }
      if (dims) base.load = [...load];
      if (st.kind === 'end') pushBreaks(Infinity, st.travelSoFar, st.distanceSoFar);
      if (st.kind === 'end') steps.push(base);
      else steps.push(base);
    }
    // Open starts/ends (dummy location) are not reported as steps with a location.
    const route: VroomRoute = {
      vehicle: veh.id,
      ...(veh.description !== undefined ? { description: veh.description } : {}),
      cost: Math.round(e.cost),
      setup: 0,
      service: Math.round(e.service),
      duration: Math.round(e.travel),
      waiting_time: Math.round(e.waiting),
      priority: 0,
      distance: Math.round(e.distance),
      ...(dims ? { delivery, pickup } : {}),
      steps: steps.filter((s) => !(s.type === 'start' && veh.start === undefined && veh.start_index === undefined) && !(s.type === 'end' && veh.end === undefined && veh.end_index === undefined)),
      violations: [],
    };
    outRoutes.push(route);
    sum.cost += route.cost;
    sum.service += route.service;
    sum.duration += route.duration;
    sum.waiting += route.waiting_time;
    sum.distance += route.distance;
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
      setup: 0,
      service: sum.service,
      duration: sum.duration,
      waiting_time: sum.waiting,
      priority: 0,
      distance: sum.distance,
      ...(dims ? { delivery: sum.delivery, pickup: sum.pickup } : {}),
      violations: [],
      computing_times: { loading: Math.round(times.loading), solving: Math.round(times.solving), routing: 0 },
    },
    unassigned: unassigned.map((j) => {
      const job = jobs[j]!;
      return {
        id: job.id,
        type: 'job' as const,
        ...(job.description !== undefined ? { description: job.description } : {}),
        ...(job.location ? { location: job.location } : {}),
        ...(job.location_index !== undefined ? { location_index: job.location_index } : {}),
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
  const res = solveInstance(model.instance, { timeLimitMs: 1000, ...options });
  return modelToVroomSolution(model, res.routes, res.unassigned, { loading: t1 - t0, solving: res.elapsedMs });
}

/** Skill ids used to encode a day's eligibility in VROOM's skills (each shooting requires its own). */
export const VROOM_SHOOTING_SKILL_BASE = 1_000_000;

/**
 * Exports a day (the dispatch screen's 'export day') as a VROOM problem. Eligibility (zones,
 * skills, locks, kept assignments) is encoded exactly: shooting s requires skill
 * 1 000 000 + s.id and each technician holds the skills of the shootings they may serve.
 * Technician and shooting ids are kept; coordinates are [lng, lat]; matrices are the day's
 * travel matrix in whole seconds and metres; unavailabilities become breaks; cost = travel
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
        ...(t.unavailabilities?.length
          ? { breaks: t.unavailabilities.map((u, k) => ({ id: k + 1, time_windows: [[u.start, u.start]] as TimeWindow[], service: u.end - u.start, description: 'unavailability' })) }
          : {}),
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
