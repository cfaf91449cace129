/**
 * Planner figures and booking availability on top of the day model:
 * - `routeFigures`: km, transit time, km cost and order of one technician's shootings
 *   (the planner cards and 'recalculateShootingDistances');
 * - `slotAvailability`: can an eligible technician still fit a new shooting into a half-day,
 *   next to what they already have, travel included (the booking time-slot list).
 */
import { kmCost as kmCostRule, kmRate } from '../rules/km-cost.ts';
import {
  buildDayModel,
  checkDayInput,
  dayPoints,
  hasSkills,
  inZone,
  planFromRoutes,
  resolveSettings,
  techOpen,
  windowOf,
  type DayProblem,
  type PlanningSettings,
  type ShootingInput,
  type Skills,
  type TechnicianInput,
  type TechRoute,
} from './day.ts';
import { evaluateRoute } from './engine/schedule.ts';
import { solveInstance } from './engine/sisr.ts';
import type { LatLng, TravelMatrix } from './travel.ts';

export interface RouteFigures {
  techId: number;
  /** Shooting ids in route order. */
  order: number[];
  km: number;
  transitS: number;
  kmCost: number;
  /** Per shooting: leg distance and time from the previous point (the shooting's distance and transit_time). */
  legs: Array<{ shootingId: number; km: number; transitS: number; arrivalS: number; startS: number }>;
  returnKm: number;
  returnS: number;
  /** False when the order breaks a window or the working hours (e.g. a force-assigned overlap). */
  feasible: boolean;
  violations: string[];
}

export interface RouteFiguresOptions {
  /** 'given' keeps the order of `shootings`; 'best' finds the cheapest feasible order (default). */
  order?: 'given' | 'best';
  settings?: Partial<PlanningSettings>;
  seed?: number;
}

/** Matrix points for `routeFigures`: the shootings, then the technician's start and end. */
export function routeFiguresPoints(tech: TechnicianInput, shootings: readonly ShootingInput[]): LatLng[] {
  return dayPoints({ technicians: [tech], shootings });
}

/**
 * Figures of one technician's day. Every shooting stays on this technician (they are treated
 * as kept), whatever their zone, skills or lock; only the order is chosen.
 */
export function routeFigures(tech: TechnicianInput, shootings: readonly ShootingInput[], matrix: TravelMatrix, options: RouteFiguresOptions = {}): RouteFigures {
  const settings = resolveSettings(options.settings);
  const kept = shootings.map((s) => ({ ...s, current: { techId: tech.id, forceAssigned: true } }));
  const problem: DayProblem = { technicians: [{ ...tech, dayLocked: false }], shootings: kept, settings };
  const model = buildDayModel(problem, matrix);
  const given = shootings.map((_, j) => j);
  let route = given;
  if ((options.order ?? 'best') === 'best' && shootings.length > 1 && !model.instance.vFrozen[0]) {
    const res = solveInstance(model.instance, { maxIterations: 200 + 100 * shootings.length, timeLimitMs: 5_000, seed: options.seed ?? 1 });
    const r = res.routes[0] ?? [];
    if (r.length === shootings.length) route = r;
  } else if (model.instance.vFrozen[0]) {
    route = model.instance.initialRoutes[0]!.length === shootings.length ? model.instance.initialRoutes[0]! : given;
  }
  const e = evaluateRoute(model.instance, 0, route);
  const legs = [];
  for (let k = 1; k < e.steps.length - 1; k++) {
    const st = e.steps[k]!;
    const prev = e.steps[k - 1]!;
    legs.push({
      shootingId: shootings[st.job]!.id,
      km: st.distanceSoFar - prev.distanceSoFar,
      transitS: st.travelSoFar - prev.travelSoFar,
      arrivalS: st.arrival,
      startS: st.start,
    });
  }
  const last = e.steps[e.steps.length - 1];
  const beforeLast = e.steps[e.steps.length - 2];
  const rate = tech.kmRate ?? kmRate(tech.id, settings.km);
  const cost = tech.kmRate === undefined ? kmCostRule(tech.id, e.distance, settings.km) : Math.round(Math.max(0, e.distance - settings.km.freeKmPerDay) * rate * 100) / 100;
  return {
    techId: tech.id,
    order: route.map((j) => shootings[j]!.id),
    km: e.distance,
    transitS: e.travel,
    kmCost: cost,
    legs,
    returnKm: last && beforeLast ? last.distanceSoFar - beforeLast.distanceSoFar : 0,
    returnS: last && beforeLast ? last.travelSoFar - beforeLast.travelSoFar : 0,
    feasible: e.feasible,
    violations: e.violations,
  };
}

/** A shooting being booked: no id yet. */
export interface CandidateShooting {
  location: LatLng;
  zoneIds: readonly number[];
  durationS: number;
  requires: Skills;
}

export interface SlotAnswer {
  success: boolean;
  /** A technician who can take it (informative; booking does not assign). */
  techId?: number;
  reason?: 'out_of_zone' | 'no_skill' | 'no_techs_available' | 'no_time' | 'invalid';
}

/** Id given to the candidate inside the day problem. */
export const CANDIDATE_ID = -1;

/** The day with the candidate added (AM or PM); its matrix points are `dayPoints(result)`. */
export function withCandidate(day: DayProblem, candidate: CandidateShooting, am: boolean): DayProblem {
  return {
    ...day,
    shootings: [
      ...day.shootings,
      { id: CANDIDATE_ID, location: candidate.location, zoneIds: candidate.zoneIds, am, durationS: candidate.durationS, requires: candidate.requires, current: null },
    ],
  };
}

/**
 * Booking availability of one half-day. `day` holds the day's technicians and their current
 * shootings (`current.techId` set); `matrix` is over `dayPoints(withCandidate(day, candidate, am))`.
 * A technician qualifies when the candidate lies in their zones, they have the skills, are not
 * day-locked, and the candidate plus all their current shootings still fit (windows, working
 * hours, unavailabilities, travel).
 */
export function slotAvailability(day: DayProblem, candidate: CandidateShooting, am: boolean, matrix: TravelMatrix): SlotAnswer {
  const settings = resolveSettings(day.settings);
  const problem = withCandidate(day, candidate, am);
  const check = checkDayInput(problem, matrix);
  if (check.status === 'invalid') return { success: false, reason: 'invalid' };
  const cand = problem.shootings[problem.shootings.length - 1]!;
  const zoned = problem.technicians.filter((t) => inZone(t, cand));
  if (!zoned.length) return { success: false, reason: 'out_of_zone' };
  const skilled = zoned.filter((t) => hasSkills(t, cand));
  if (!skilled.length) return { success: false, reason: 'no_skill' };
  const w = windowOf(am);
  const open = skilled.filter(
    (t) => techOpen(t, settings) && !(t.unavailabilities ?? []).some((u) => u.start <= w.start && u.end >= w.end),
  );
  if (!open.length) return { success: false, reason: 'no_techs_available' };
  // Each candidate technician alone with their current shootings kept and the candidate tied to them.
  const S = problem.shootings.length;
  const order = open
    .map((t) => ({ t, ti: problem.technicians.indexOf(t) }))
    .sort((a, b) => load(problem, a.t.id) - load(problem, b.t.id));
  for (const { t, ti } of order) {
    const own = problem.shootings.map((s, j) => ({ s, j })).filter(({ s }) => s.current?.techId === t.id);
    const idx = [...own.map((o) => o.j), S - 1];
    const sub: DayProblem = {
      technicians: [t],
      shootings: idx.map((j) => {
        const s = problem.shootings[j]!;
        return { ...s, current: { techId: t.id, forceAssigned: true } };
      }),
      settings: { ...settings, keepExisting: true },
    };
    const map = [...idx, S + 2 * ti, S + 2 * ti + 1];
    const m: TravelMatrix = {
      distancesKm: map.map((a) => map.map((b) => matrix.distancesKm[a]![b]!)),
      durationsS: map.map((a) => map.map((b) => matrix.durationsS[a]![b]!)),
    };
    const model = buildDayModel(sub, m);
    if (!model.instance.vFrozen[0]) return { success: true, techId: t.id };
  }
  return { success: false, reason: 'no_time' };
}

function load(problem: DayProblem, techId: number): number {
  return problem.shootings.filter((s) => s.current?.techId === techId).length;
}

/** Route figures of every technician of a day as currently assigned (best order each). */
export function dayFigures(day: DayProblem, matrix: TravelMatrix, options: RouteFiguresOptions = {}): TechRoute[] {
  const model = buildDayModel({ ...day, settings: { ...day.settings, keepExisting: true } }, matrix);
  const routes = day.technicians.map((t) => {
    const own = day.shootings.map((s, j) => ({ s, j })).filter(({ s }) => s.current?.techId === t.id);
    if (own.length === 0) return [];
    const S = day.shootings.length;
    const ti = day.technicians.indexOf(t);
    const map = [...own.map((o) => o.j), S + 2 * ti, S + 2 * ti + 1];
    const m: TravelMatrix = {
      distancesKm: map.map((a) => map.map((b) => matrix.distancesKm[a]![b]!)),
      durationsS: map.map((a) => map.map((b) => matrix.durationsS[a]![b]!)),
    };
    const f = routeFigures(t, own.map((o) => o.s), m, options);
    return f.order.map((id) => day.shootings.findIndex((s) => s.id === id));
  });
  const check = checkDayInput(day, matrix);
  return planFromRoutes(day, model, routes, [], check, { iterations: 0, elapsedMs: 0 }).routes;
}
