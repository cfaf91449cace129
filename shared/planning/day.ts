/**
 * The business day problem (issue 3, spec part 2 planner/dispatch, part 1 sections 3 and 9):
 * technicians and shootings of ONE day → routes, with the spec's solver input statuses.
 * No I/O: travel comes in as a matrix over `dayPoints(problem)` (or via a TravelProvider in the
 * async wrappers of ./index.ts). Times are seconds since local midnight of the day; distances km.
 */
import { DEFAULT_KM_SETTINGS, kmCost, kmRate, type KmSettings } from '../rules/km-cost.ts';
import { SLOT_HOURS } from '../rules/slots.ts';
import { buildInstance, type Instance } from './engine/model.ts';
import { evaluateRoute } from './engine/schedule.ts';
import { solveInstance, type SearchOptions } from './engine/sisr.ts';
import type { LatLng, TravelMatrix } from './travel.ts';

/** Part 1 section 3: solver input status. */
export const SOLVER_INPUT_STATUS = {
  valid: 200,
  invalid: 500,
  no_techs_available: 404,
  out_of_zone: 404,
} as const;
export type SolverInputStatus = keyof typeof SOLVER_INPUT_STATUS;

export interface Interval {
  start: number;
  end: number;
}

export interface Skills {
  serviceOffers: readonly number[];
  shootingPackages: readonly number[];
}

export interface TechnicianInput {
  id: number;
  /** Start point: the technician's depot or home. */
  start: LatLng;
  /** End point; defaults to the start. */
  end?: LatLng;
  /** Working hours, seconds since midnight (default 8h00-18h00). */
  workingHours?: Interval;
  /** Unavailability periods of the day (clipped by the caller to the day). */
  unavailabilities?: readonly Interval[];
  /** Day lock: receives no new shooting, keeps its current ones. */
  dayLocked?: boolean;
  skills: Skills;
  mainZoneId: number | null;
  backupZoneIds?: readonly number[];
  /** Overrides the rate given by the km settings. */
  kmRate?: number;
}

export interface CurrentAssignment {
  techId: number;
  forceAssigned?: boolean;
  locked?: boolean;
}

export interface ShootingInput {
  id: number;
  location: LatLng;
  /** Zones (photoshoot) the location lies in. */
  zoneIds: readonly number[];
  /** Half-day: AM 8h30-12h30 or PM 12h30-17h00; the technician must arrive inside it. */
  am: boolean;
  /** Service duration in seconds (estimate of rules/service-time.ts). */
  durationS: number;
  requires: Skills;
  current?: CurrentAssignment | null;
}

export interface PlanningSettings {
  km: KmSettings;
  /**
   * Weight of travel time in the objective, in cost units per hour of driving (default 1.0:
   * one hour of driving weighs as much as 2 paid km at 0.5). It keeps routes short even inside
   * the 50 free km and breaks ties; docs/decisions/0031.
   */
  timeWeightPerHour: number;
  /** Keep every current assignment (dispatch of unassigned shootings only). Default false: only force-assigned/locked ones and day-locked technicians' are kept. */
  keepExisting: boolean;
  /** Default working hours when a technician has none. */
  defaultWorkingHours: Interval;
}

export const DEFAULT_PLANNING_SETTINGS: PlanningSettings = {
  km: DEFAULT_KM_SETTINGS,
  timeWeightPerHour: 1.0,
  keepExisting: false,
  defaultWorkingHours: { start: 8 * 3600, end: 18 * 3600 },
};

export interface DayProblem {
  technicians: readonly TechnicianInput[];
  shootings: readonly ShootingInput[];
  settings?: Partial<PlanningSettings>;
}

export type UnservedReason = 'out_of_zone' | 'no_skill' | 'all_locked' | 'unavailable' | 'no_time' | 'invalid';

export interface PlannedStop {
  shootingId: number;
  arrivalS: number;
  startS: number;
  endS: number;
  /** Leg from the previous point. */
  legKm: number;
  legS: number;
}

export interface TechRoute {
  techId: number;
  shootingIds: number[];
  stops: PlannedStop[];
  departureS: number;
  returnS: number;
  /** Leg back to the end point. */
  returnLegKm: number;
  returnLegS: number;
  km: number;
  transitS: number;
  kmCost: number;
  /** The route's objective value (paid km × rate + time term). */
  objective: number;
  feasible: boolean;
  violations: string[];
}

export interface DayPlan {
  status: SolverInputStatus;
  httpStatus: number;
  errors: string[];
  routes: TechRoute[];
  unassigned: Array<{ shootingId: number; reason: UnservedReason }>;
  totals: { km: number; transitS: number; kmCost: number; objective: number; served: number; shootings: number };
  /** Search figures; `work` in work units, `stoppedBySafety` when the wall-clock safety stop cut the run. */
  search: { iterations: number; elapsedMs: number; work?: number; stoppedBySafety?: boolean };
}

export function resolveSettings(s?: Partial<PlanningSettings>): PlanningSettings {
  return { ...DEFAULT_PLANNING_SETTINGS, ...s, km: { ...DEFAULT_PLANNING_SETTINGS.km, ...s?.km } };
}

/** Matrix layout: shootings first, then each technician's start and end. */
export function dayPoints(problem: DayProblem): LatLng[] {
  return [...problem.shootings.map((s) => s.location), ...problem.technicians.flatMap((t) => [t.start, t.end ?? t.start])];
}

export function windowOf(am: boolean): Interval {
  return am ? SLOT_HOURS.am : SLOT_HOURS.pm;
}

export function techZones(t: TechnicianInput): Set<number> {
  const z = new Set<number>(t.backupZoneIds ?? []);
  if (t.mainZoneId !== null && t.mainZoneId !== undefined) z.add(t.mainZoneId);
  return z;
}

export function inZone(t: TechnicianInput, s: Pick<ShootingInput, 'zoneIds'>): boolean {
  const z = techZones(t);
  return s.zoneIds.some((id) => z.has(id));
}

export function hasSkills(t: TechnicianInput, s: Pick<ShootingInput, 'requires'>): boolean {
  const offers = new Set(t.skills.serviceOffers);
  const packages = new Set(t.skills.shootingPackages);
  return s.requires.serviceOffers.every((o) => offers.has(o)) && s.requires.shootingPackages.every((p) => packages.has(p));
}

function validLatLng(p: LatLng | undefined): boolean {
  return !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
}

function hoursOf(t: TechnicianInput, settings: PlanningSettings): Interval {
  return t.workingHours ?? settings.defaultWorkingHours;
}

/** Whether the technician is unavailable for the whole of their working hours. */
function fullyUnavailable(t: TechnicianInput, settings: PlanningSettings): boolean {
  const h = hoursOf(t, settings);
  let cursor = h.start;
  const us = [...(t.unavailabilities ?? [])].sort((a, b) => a.start - b.start);
  for (const u of us) {
    if (u.start > cursor) return false;
    cursor = Math.max(cursor, u.end);
  }
  return cursor >= h.end;
}

/** Whether a technician can take a new shooting at all (not locked, not unavailable all day). */
export function techOpen(t: TechnicianInput, settings: PlanningSettings): boolean {
  return !t.dayLocked && !fullyUnavailable(t, settings);
}

/** Kept = cannot move: force-assigned, locked, on a day-locked technician, or every assignment with keepExisting. */
export function isKept(s: ShootingInput, techs: ReadonlyMap<number, TechnicianInput>, settings: PlanningSettings): boolean {
  if (!s.current) return false;
  if (s.current.forceAssigned || s.current.locked || settings.keepExisting) return true;
  return !!techs.get(s.current.techId)?.dayLocked;
}

/** Input checking: the spec's solver input statuses, with the reasons. */
export function checkDayInput(problem: DayProblem, matrix?: TravelMatrix): { status: SolverInputStatus; httpStatus: number; errors: string[] } {
  const settings = resolveSettings(problem.settings);
  const errors: string[] = [];
  const techIds = new Set<number>();
  for (const t of problem.technicians) {
    if (!Number.isInteger(t.id)) errors.push(`technician id ${String(t.id)} is not an integer`);
    if (techIds.has(t.id)) errors.push(`technician ${t.id} appears twice`);
    techIds.add(t.id);
    if (!validLatLng(t.start) || (t.end && !validLatLng(t.end))) errors.push(`technician ${t.id}: invalid start or end point`);
    const h = hoursOf(t, settings);
    if (!(Number.isFinite(h.start) && Number.isFinite(h.end) && h.end > h.start)) errors.push(`technician ${t.id}: invalid working hours`);
    for (const u of t.unavailabilities ?? []) {
      if (!(Number.isFinite(u.start) && Number.isFinite(u.end) && u.end >= u.start)) errors.push(`technician ${t.id}: invalid unavailability`);
    }
    if (t.kmRate !== undefined && !(t.kmRate >= 0)) errors.push(`technician ${t.id}: invalid km rate`);
  }
  const shootingIds = new Set<number>();
  for (const s of problem.shootings) {
    if (!Number.isInteger(s.id)) errors.push(`shooting id ${String(s.id)} is not an integer`);
    if (shootingIds.has(s.id)) errors.push(`shooting ${s.id} appears twice`);
    shootingIds.add(s.id);
    if (!validLatLng(s.location)) errors.push(`shooting ${s.id}: invalid location`);
    if (!(Number.isFinite(s.durationS) && s.durationS >= 0)) errors.push(`shooting ${s.id}: invalid duration`);
    if (s.current && !techIds.has(s.current.techId)) {
      const techs = new Map(problem.technicians.map((t) => [t.id, t]));
      if (isKept(s, techs, settings)) errors.push(`shooting ${s.id} is kept on technician ${s.current.techId}, who is not in the input`);
    }
  }
  if (matrix) {
    const n = dayPoints(problem).length;
    const bad = (m: number[][]) => m.length !== n || m.some((r) => r.length !== n || r.some((x) => !(Number.isFinite(x) && x >= 0)));
    if (bad(matrix.distancesKm) || bad(matrix.durationsS)) errors.push(`travel matrix must be ${n}×${n} finite non-negative numbers`);
  }
  if (errors.length) return { status: 'invalid', httpStatus: SOLVER_INPUT_STATUS.invalid, errors };
  const techs = new Map(problem.technicians.map((t) => [t.id, t]));
  const toPlan = problem.shootings.filter((s) => !isKept(s, techs, settings));
  const open = problem.technicians.filter((t) => techOpen(t, settings));
  if (toPlan.length > 0 && open.length === 0) {
    return { status: 'no_techs_available', httpStatus: SOLVER_INPUT_STATUS.no_techs_available, errors: ['no technician can take a shooting this day'] };
  }
  if (toPlan.length > 0 && toPlan.every((s) => !open.some((t) => inZone(t, s)))) {
    return { status: 'out_of_zone', httpStatus: SOLVER_INPUT_STATUS.out_of_zone, errors: ['no shooting lies in an available technician’s zones'] };
  }
  return { status: 'valid', httpStatus: SOLVER_INPUT_STATUS.valid, errors: [] };
}

/** The engine instance of a day, and the maps back to business ids. */
export interface DayModel {
  instance: Instance;
  settings: PlanningSettings;
  /** Kept shootings per technician index, and frozen technicians (kept set not routable). */
  keptByTech: number[][];
  rates: number[];
}

function toFlat(m: number[][]): Float64Array {
  const n = m.length;
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] = m[i]![j]!;
  return out;
}

export function buildDayModel(problem: DayProblem, matrix: TravelMatrix): DayModel {
  const settings = resolveSettings(problem.settings);
  const techs = problem.technicians;
  const shootings = problem.shootings;
  const S = shootings.length;
  const techIndex = new Map(techs.map((t, i) => [t.id, i]));
  const techById = new Map(techs.map((t) => [t.id, t]));
  const keptByTech: number[][] = techs.map(() => []);
  const currentByTech: number[][] = techs.map(() => []);
  const fixed = shootings.map((s, j) => {
    const ti = s.current ? techIndex.get(s.current.techId) : undefined;
    if (ti !== undefined) currentByTech[ti]!.push(j);
    if (ti !== undefined && isKept(s, techById, settings)) {
      keptByTech[ti]!.push(j);
      return ti;
    }
    return undefined;
  });
  const rates = techs.map((t) => t.kmRate ?? kmRate(t.id, settings.km));
  // inZone / hasSkills per pair built their sets each time (seconds on a 1,000-shooting day): built once here.
  const zonesOf = techs.map(techZones);
  const skillsOf = techs.map((t) => ({ offers: new Set(t.skills.serviceOffers), packages: new Set(t.skills.shootingPackages) }));
  const durations = toFlat(matrix.durationsS);
  const distances = toFlat(matrix.distancesKm);
  const base = {
    nLocs: S + 2 * techs.length,
    matrices: [{ durations, distances }],
    jobs: shootings.map((s, j) => {
      const w = windowOf(s.am);
      return { loc: j, service: s.durationS, windows: [[w.start, w.end] as const], fixedVehicle: fixed[j] };
    }),
    eligible: (v: number, j: number) => {
      const t = techs[v]!;
      const s = shootings[j]!;
      const z = zonesOf[v]!;
      const k = skillsOf[v]!;
      return !t.dayLocked && s.zoneIds.some((id) => z.has(id)) && s.requires.serviceOffers.every((o) => k.offers.has(o)) && s.requires.shootingPackages.every((p) => k.packages.has(p));
    },
    unassignedPenalty: 1e6,
  };
  const vehicles = techs.map((t, v) => {
    const h = hoursOf(t, settings);
    return {
      start: S + 2 * v,
      end: S + 2 * v + 1,
      window: [h.start, h.end] as const,
      perTime: settings.timeWeightPerHour / 3600,
      perDistance: 0,
      freeDistance: settings.km.freeKmPerDay,
      excessRate: rates[v]!,
      blocked: (t.unavailabilities ?? []).map((u) => [u.start, u.end] as const),
      frozen: false,
    };
  });
  // A technician whose kept shootings cannot all be routed feasibly is frozen: the kept
  // shootings stay as they are (in half-day order) and nothing new is added.
  const initialRoutes = currentByTech.map((js) => [...js].sort((a, b) => Number(shootings[b]!.am) - Number(shootings[a]!.am)));
  for (let v = 0; v < techs.length; v++) {
    const kept = keptByTech[v]!;
    if (!kept.length) continue;
    // Probe: this technician alone with only the kept shootings (kept ones are tied to it, the rest are not eligible).
    const single = buildInstance({
      ...base,
      eligible: () => false,
      vehicles: vehicles.map((x, i) => ({ ...x, frozen: i !== v })),
      initialRoutes: initialRoutes.map((r, i) => (i === v ? r.filter((j) => kept.includes(j)) : [])),
    });
    // Iteration-capped (deterministic); the wall-clock limit is only a safety stop for a very loaded machine.
    const probe = solveInstance(single, { maxIterations: 100 * kept.length, timeLimitMs: 5_000, seed: 7 });
    if (kept.some((j) => probe.unassigned.includes(j))) {
      vehicles[v]!.frozen = true;
      initialRoutes[v] = initialRoutes[v]!.filter((j) => kept.includes(j));
    } else {
      // Start from the probe's feasible order of the kept shootings; the others are reinserted.
      initialRoutes[v] = probe.routes[v]!;
    }
  }
  const instance = buildInstance({ ...base, vehicles, initialRoutes });
  return { instance, settings, keptByTech, rates };
}

export type SolveDayOptions = SearchOptions;

/** Solves one day. Pure: the travel matrix is over `dayPoints(problem)`. */
export function solveDay(problem: DayProblem, matrix: TravelMatrix, options: SolveDayOptions = {}): DayPlan {
  const check = checkDayInput(problem, matrix);
  const empty = { km: 0, transitS: 0, kmCost: 0, objective: 0, served: 0, shootings: problem.shootings.length };
  if (check.status === 'invalid') {
    return {
      ...check,
      routes: [],
      unassigned: problem.shootings.map((s) => ({ shootingId: s.id, reason: 'invalid' as const })),
      totals: empty,
      search: { iterations: 0, elapsedMs: 0 },
    };
  }
  const model = buildDayModel(problem, matrix);
  const res = solveInstance(model.instance, options);
  return planFromRoutes(problem, model, res.routes, res.unassigned, check, { iterations: res.iterations, elapsedMs: res.elapsedMs, work: res.work, stoppedBySafety: res.stoppedBySafety });
}

/** Business figures of engine routes (also used for a given, hand-made assignment). */
export function planFromRoutes(
  problem: DayProblem,
  model: DayModel,
  routes: number[][],
  unassigned: number[],
  check: { status: SolverInputStatus; httpStatus: number; errors: string[] },
  search: DayPlan['search'],
): DayPlan {
  const inst = model.instance;
  const techs = problem.technicians;
  const shootings = problem.shootings;
  const out: TechRoute[] = [];
  const totals = { km: 0, transitS: 0, kmCost: 0, objective: 0, served: 0, shootings: shootings.length };
  routes.forEach((r, v) => {
    const t = techs[v]!;
    if (!r.length) return;
    const e = evaluateRoute(inst, v, r);
    const stops: PlannedStop[] = [];
    for (let k = 1; k < e.steps.length - 1; k++) {
      const st = e.steps[k]!;
      const prev = e.steps[k - 1]!;
      stops.push({
        shootingId: shootings[st.job]!.id,
        arrivalS: st.arrival,
        startS: st.start,
        endS: st.start + st.service,
        legKm: st.distanceSoFar - prev.distanceSoFar,
        legS: st.travelSoFar - prev.travelSoFar,
      });
    }
    const last = e.steps[e.steps.length - 1]!;
    const beforeLast = e.steps[e.steps.length - 2]!;
    const cost = model.rates[v] === kmRate(t.id, model.settings.km) ? kmCost(t.id, e.distance, model.settings.km) : roundCents(Math.max(0, e.distance - model.settings.km.freeKmPerDay) * model.rates[v]!);
    out.push({
      techId: t.id,
      shootingIds: r.map((j) => shootings[j]!.id),
      stops,
      departureS: e.steps[0]!.start,
      returnS: last.arrival,
      returnLegKm: last.distanceSoFar - beforeLast.distanceSoFar,
      returnLegS: last.travelSoFar - beforeLast.travelSoFar,
      km: e.distance,
      transitS: e.travel,
      kmCost: cost,
      objective: e.cost,
      feasible: e.feasible,
      violations: e.violations,
    });
    totals.km += e.distance;
    totals.transitS += e.travel;
    totals.kmCost += cost;
    totals.objective += e.cost;
    totals.served += r.length;
  });
  totals.kmCost = roundCents(totals.kmCost);
  return {
    ...check,
    routes: out,
    unassigned: unassigned.map((j) => ({ shootingId: shootings[j]!.id, reason: unservedReason(problem, model, j) })),
    totals,
    search,
  };
}

/** Why a shooting could not be served, most fundamental reason first. */
export function unservedReason(problem: DayProblem, model: DayModel, j: number): UnservedReason {
  const s = problem.shootings[j]!;
  const techs = problem.technicians;
  // A day nobody works: no zone is to blame.
  if (!techs.length) return 'unavailable';
  const zoned = techs.map((t, v) => ({ t, v })).filter(({ t }) => inZone(t, s));
  if (!zoned.length) return 'out_of_zone';
  const skilled = zoned.filter(({ t }) => hasSkills(t, s));
  if (!skilled.length) return 'no_skill';
  const unlocked = skilled.filter(({ t, v }) => !t.dayLocked && !model.instance.vFrozen[v]);
  if (!unlocked.length) return 'all_locked';
  const w = windowOf(s.am);
  const free = unlocked.filter(({ t }) => {
    const h = hoursOf(t, model.settings);
    if (h.end <= w.start || h.start >= w.end + s.durationS) return false;
    return !(t.unavailabilities ?? []).some((u) => u.start <= Math.max(w.start, h.start) && u.end >= Math.min(w.end + s.durationS, h.end));
  });
  if (!free.length) return 'unavailable';
  const soloFeasible = free.some(({ v }) => evaluateRoute(model.instance, v, [j]).feasible);
  return soloFeasible ? 'no_time' : 'unavailable';
}

function roundCents(x: number): number {
  return Math.round(x * 100) / 100;
}

/** One assignment the dispatch workflow writes (conditionally) for a shooting. */
export interface DispatchAssignment {
  shootingId: number;
  techId: number;
  /** 1-based position in the technician's route. */
  order: number;
  /** Leg from the previous point: the shooting's `distance` (km) and `transit_time` (s). */
  distanceKm: number;
  transitTimeS: number;
  /** Planned arrival and start, seconds since midnight. */
  arrivalS: number;
  startS: number;
}

export interface DispatchOutcome {
  /** Assignments for the requested shootings the plan serves (changed or not). */
  assignments: DispatchAssignment[];
  /** Requested shootings left unassigned, with the reason. */
  unserved: Array<{ shootingId: number; reason: UnservedReason }>;
  /** Number of requested shootings dispatched (N of 'N / M des captures ont été réparties.'). */
  shootingDispatched: number;
  /** Number of requested shootings (M). */
  shootingRequested: number;
  /** Technicians who received at least one of them. */
  userDispatched: number;
}

/** What a dispatch of `shootingIds` (the unassigned shootings the dispatcher picked) changes. */
export function dispatchOutcome(plan: DayPlan, shootingIds: readonly number[]): DispatchOutcome {
  const wanted = new Set(shootingIds);
  const assignments: DispatchAssignment[] = [];
  for (const r of plan.routes) {
    r.stops.forEach((s, k) => {
      if (!wanted.has(s.shootingId)) return;
      assignments.push({ shootingId: s.shootingId, techId: r.techId, order: k + 1, distanceKm: s.legKm, transitTimeS: s.legS, arrivalS: s.arrivalS, startS: s.startS });
    });
  }
  const unserved = plan.unassigned.filter((u) => wanted.has(u.shootingId));
  return {
    assignments,
    unserved,
    shootingDispatched: assignments.length,
    shootingRequested: wanted.size,
    userDispatched: new Set(assignments.map((a) => a.techId)).size,
  };
}
