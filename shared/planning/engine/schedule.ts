import { departAvoiding, earliestStart, routeCost, startAvoiding, type Instance } from './model.ts';

/** One visited point of a route, times in the instance's time unit. */
export interface ScheduleStep {
  kind: 'start' | 'job' | 'end';
  job: number;
  loc: number;
  arrival: number;
  /** Service start (= arrival + waiting). */
  start: number;
  waiting: number;
  service: number;
  /** Cumulated travel time and distance on arrival. */
  travelSoFar: number;
  distanceSoFar: number;
}

export interface RouteSchedule {
  vehicle: number;
  steps: ScheduleStep[];
  travel: number;
  distance: number;
  service: number;
  waiting: number;
  arcCost: number;
  cost: number;
  load: number[];
  feasible: boolean;
  violations: string[];
}

/**
 * Evaluates a route from scratch (no cached data): earliest schedule, totals, cost and every
 * violated constraint. The search uses faster incremental checks; this is the reference.
 */
export function evaluateRoute(inst: Instance, v: number, jobs: readonly number[]): RouteSchedule {
  const N = inst.nLocs;
  const dur = inst.vDur[v]!;
  const dist = inst.vDist[v]!;
  const arc = inst.vArc[v]!;
  const blocked = inst.vBlocked[v] ?? null;
  const violations: string[] = [];
  const steps: ScheduleStep[] = [];
  let t = inst.vTwStart[v]!;
  let loc = inst.vStart[v]!;
  let travel = 0;
  let distance = 0;
  let arcCost = 0;
  let service = 0;
  let waiting = 0;
  const load = new Array<number>(inst.dims).fill(0);
  steps.push({ kind: 'start', job: -1, loc, arrival: t, start: t, waiting: 0, service: 0, travelSoFar: 0, distanceSoFar: 0 });
  for (let k = 0; k <= jobs.length; k++) {
    const isEnd = k === jobs.length;
    const j = isEnd ? -1 : jobs[k]!;
    const next = isEnd ? inst.vEnd[v]! : inst.jobLoc[j]!;
    const tt = dur[loc * N + next]!;
    let dep = t;
    if (blocked) dep = departAvoiding(blocked, dep, tt);
    const arrival = dep + tt;
    travel += tt;
    distance += dist[loc * N + next]!;
    arcCost += arc[loc * N + next]!;
    if (isEnd) {
      if (arrival > inst.vTwEnd[v]! + 1e-9) violations.push('end_after_working_hours');
      steps.push({ kind: 'end', job: -1, loc: next, arrival, start: arrival, waiting: 0, service: 0, travelSoFar: travel, distanceSoFar: distance });
      break;
    }
    if (!inst.allowed[v * inst.nJobs + j]) violations.push(`not_eligible:${j}`);
    let start = earliestStart(inst, j, arrival);
    if (blocked && start < Infinity) start = startAvoiding(inst, blocked, j, start);
    if (start === Infinity) {
      violations.push(`late:${j}`);
      start = arrival;
    }
    const s = inst.service[j]!;
    for (let d = 0; d < inst.dims; d++) load[d]! += inst.demand[j * inst.dims + d]!;
    steps.push({ kind: 'job', job: j, loc: next, arrival, start, waiting: start - arrival, service: s, travelSoFar: travel, distanceSoFar: distance });
    waiting += start - arrival;
    service += s;
    t = start + s;
    loc = next;
  }
  for (let d = 0; d < inst.dims; d++) if (load[d]! > inst.capacity[v * inst.dims + d]! + 1e-9) violations.push('capacity');
  if (jobs.length > inst.vMaxTasks[v]!) violations.push('max_tasks');
  if (travel > inst.vMaxTravel[v]! + 1e-9) violations.push('max_travel_time');
  if (distance > inst.vMaxDist[v]! + 1e-9) violations.push('max_distance');
  if (inst.routeCheck && inst.vExact[v] && jobs.length > 0 && !inst.routeCheck(v, jobs)) violations.push('route_check');
  // Leave as late as possible without delaying the first service (no waiting at the first job).
  const first = steps[1];
  const startStep = steps[0]!;
  if (first && first.kind === 'job' && first.waiting > 0 && !blocked) {
    const shift = first.waiting;
    startStep.arrival += shift;
    startStep.start += shift;
    first.arrival += shift;
    waiting -= shift;
    first.waiting = 0;
  }
  if (jobs.length === 0) {
    // An unused vehicle does not travel.
    return { vehicle: v, steps: [], travel: 0, distance: 0, service: 0, waiting: 0, arcCost: 0, cost: 0, load, feasible: true, violations: [] };
  }
  const cost = routeCost(inst, v, jobs.length, arcCost, distance);
  return { vehicle: v, steps, travel, distance, service, waiting, arcCost, cost, load, feasible: violations.length === 0, violations };
}
