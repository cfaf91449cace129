/**
 * One vehicle's route exactly as VROOM times, loads and reports it (docs/API.md and
 * src/utils/helpers.cpp `format_route` of VROOM-Project/vroom; docs/decisions/0108).
 *
 * Times are VROOM's internal centiseconds (user seconds × 100; travel = round(100 / speed_factor)
 * × user duration), so speed factors round exactly as VROOM's do; reported values are truncated
 * back to seconds as VROOM does.
 *
 * - setup applies only when a task's location differs from the previous one (the start counts;
 *   an open start never matches), service and setup per vehicle type;
 * - load profile: the route leaves with all its deliveries, then +pickup −delivery per task,
 *   checked against the capacity at every step; a break's `max_load` against the load there;
 * - breaks (every break of a used vehicle is taken, in VROOM's order) sit between tasks; travel
 *   may be split around a break and a break may use waiting time. `routeTimeline` finds whether
 *   some placement fits (a dynamic programme over (rank, breaks taken) keeping the earliest time,
 *   exact because every constraint is monotone in time) and `formatRoute` writes the steps with
 *   VROOM's latest-start then as-soon-as-possible pass.
 */

export type Window = readonly [number, number];

export interface RouteBreak {
  id: number;
  /** Centiseconds, sorted. */
  tws: Window[];
  service: number;
  description?: string;
  maxLoad?: readonly number[];
}

export interface RouteVehicle {
  /** Location (matrix row) or undefined when open. */
  start?: number;
  end?: number;
  tw: Window;
  breaks: RouteBreak[];
  capacity?: readonly number[];
  /** Row-major N×N travel times in centiseconds (speed factor applied) and distances. */
  dur: Float64Array;
  dist: Float64Array;
  N: number;
  maxTasks: number;
  maxTravelTime: number;
  maxDistance: number;
  /** Per job: this vehicle type's setup and service (centiseconds). */
  setup: Float64Array;
  service: Float64Array;
}

export interface RouteJob {
  loc: number;
  /** Centiseconds, sorted; empty = any time. */
  tws: Window[];
  delivery: readonly number[];
  pickup: readonly number[];
}

export interface Timeline {
  /** breaksAt[r]: how many breaks are taken right before rank r (r = len: before the end). */
  breaksAt: number[];
  earliestEnd: number;
}

const ANY: Window = [0, Number.MAX_SAFE_INTEGER];

/** First window whose end is ≥ t, or undefined. */
function windowFrom(tws: readonly Window[], t: number): Window | undefined {
  if (!tws.length) return ANY;
  for (const w of tws) if (t <= w[1]) return w;
  return undefined;
}

/** Loads: before the first task (all deliveries) and after each task. */
export function loadProfile(jobs: readonly RouteJob[], route: ArrayLike<number>, dims: number): number[][] {
  const load = new Array<number>(dims).fill(0);
  for (let i = 0; i < route.length; i++) {
    const d = jobs[route[i]!]!.delivery;
    for (let k = 0; k < dims; k++) load[k]! += d[k] ?? 0;
  }
  const out = [[...load]];
  for (let i = 0; i < route.length; i++) {
    const j = jobs[route[i]!]!;
    for (let k = 0; k < dims; k++) load[k]! += (j.pickup[k] ?? 0) - (j.delivery[k] ?? 0);
    out.push([...load]);
  }
  return out;
}

/** Setup of the task at rank r (0 when at the same location as the previous step). */
function setupAt(v: RouteVehicle, jobs: readonly RouteJob[], route: ArrayLike<number>, r: number): number {
  const j = route[r]!;
  const prev = r > 0 ? jobs[route[r - 1]!]!.loc : v.start;
  return prev === jobs[j]!.loc ? 0 : v.setup[j]!;
}

/**
 * Whether the route fits every constraint (windows, working hours, capacity profile, breaks with
 * their windows and max_load, max_tasks, max_travel_time, max_distance) and, if so, the break
 * placement giving the earliest end. Eligibility (skills) is checked by the caller.
 */
let scratchReady = new Float64Array(8);
let scratchNext = new Float64Array(8);
let scratchChoice = new Int32Array(64);
let scratchLoads = new Float64Array(64);

/** Whether the route fits (see `routeTimeline`), without building the placement. */
export function routeFits(v: RouteVehicle, jobs: readonly RouteJob[], route: ArrayLike<number>, dims: number): boolean {
  return routeTimeline(v, jobs, route, dims, false) !== null;
}

export function routeTimeline(v: RouteVehicle, jobs: readonly RouteJob[], route: ArrayLike<number>, dims: number, placement = true): Timeline | null {
  const n = route.length;
  if (n > v.maxTasks) return null;
  const N = v.N;
  let travel = 0;
  let distance = 0;
  for (let r = 0; r <= n; r++) {
    const a = r === 0 ? v.start : jobs[route[r - 1]!]!.loc;
    const b = r === n ? v.end : jobs[route[r]!]!.loc;
    if (a !== undefined && b !== undefined) {
      travel += v.dur[a * N + b]!;
      distance += v.dist[a * N + b]!;
    }
  }
  if (travel > v.maxTravelTime || distance > v.maxDistance) return null;
  // Loads before rank r (r = 0: at the start) in loads[r * dims ..].
  const B = v.breaks.length;
  let needLoads = dims > 0 && v.capacity !== undefined;
  for (let b = 0; b < B && !needLoads; b++) if (dims > 0 && v.breaks[b]!.maxLoad) needLoads = true;
  if (needLoads && scratchLoads.length < (n + 1) * dims) scratchLoads = new Float64Array(2 * (n + 1) * dims);
  const loads = needLoads ? scratchLoads : null;
  if (loads) {
    loads.fill(0, 0, (n + 1) * dims);
    for (let r = 0; r < n; r++) {
      const d = jobs[route[r]!]!.delivery;
      for (let k = 0; k < dims; k++) loads[k]! += d[k] ?? 0;
    }
    for (let r = 0; r < n; r++) {
      const j = jobs[route[r]!]!;
      for (let k = 0; k < dims; k++) loads[(r + 1) * dims + k] = loads[r * dims + k]! + (j.pickup[k] ?? 0) - (j.delivery[k] ?? 0);
    }
    const cap = v.capacity;
    if (cap) for (let i = 0; i < (n + 1) * dims; i++) if (loads[i]! > cap[i % dims]!) return null;
  }
  const loadFits = (r: number, max: readonly number[]) => {
    for (let k = 0; k < dims; k++) if (loads![r * dims + k]! > max[k]!) return false;
    return true;
  };

  // ready[k]: earliest time ready to leave the previous step with k breaks taken.
  if (scratchReady.length < B + 1) {
    scratchReady = new Float64Array(2 * (B + 1));
    scratchNext = new Float64Array(2 * (B + 1));
  }
  if (scratchChoice.length < (n + 1) * (B + 1)) scratchChoice = new Int32Array(2 * (n + 1) * (B + 1));
  let ready = scratchReady;
  let next = scratchNext;
  ready.fill(Infinity, 0, B + 1);
  ready[0] = v.tw[0];
  const choice = scratchChoice;
  for (let r = 0; r <= n; r++) {
    const a = r === 0 ? v.start : jobs[route[r - 1]!]!.loc;
    const b = r === n ? v.end : jobs[route[r]!]!.loc;
    const tt = a !== undefined && b !== undefined ? v.dur[a * N + b]! : 0;
    next.fill(Infinity, 0, B + 1);
    let any = false;
    for (let k = 0; k <= B; k++) {
      if (ready[k] === Infinity) continue;
      let t = ready[k]!;
      let rem = tt;
      for (let m = 0; k + m <= B; m++) {
        if (m > 0) {
          // Take break k + m − 1 here.
          const br = v.breaks[k + m - 1]!;
          if (br.maxLoad && loads && !loadFits(r, br.maxLoad)) break;
          const w = windowFrom(br.tws, t);
          if (!w) break;
          if (t < w[0]) {
            const margin = w[0] - t;
            rem = margin <= rem ? rem - margin : 0;
            t = w[0];
          }
          t += br.service;
        }
        const arrival = t + rem;
        let done: number;
        if (r === n) {
          if (k + m !== B || arrival > v.tw[1]) continue;
          done = arrival;
        } else {
          const j = route[r]!;
          const w = windowFrom(jobs[j]!.tws, arrival);
          if (!w) continue;
          done = Math.max(arrival, w[0]) + setupAt(v, jobs, route, r) + v.service[j]!;
        }
        if (done < next[k + m]!) {
          next[k + m] = done;
          choice[r * (B + 1) + k + m] = k;
          any = true;
        }
      }
    }
    if (!any) return null;
    const swap = ready;
    ready = next;
    next = swap;
  }
  if (ready[B] === Infinity) return null;
  if (!placement) return { breaksAt: [], earliestEnd: ready[B]! };
  const breaksAt = new Array<number>(n + 1).fill(0);
  let k = B;
  for (let r = n; r >= 0; r--) {
    const prev = choice[r * (B + 1) + k]!;
    breaksAt[r] = k - prev;
    k = prev;
  }
  return { breaksAt, earliestEnd: ready[B]! };
}

export interface RouteStepOut {
  kind: 'start' | 'job' | 'break' | 'end';
  /** Job index or break rank. */
  ref: number;
  /** Location (matrix row) for start, job and end steps. */
  loc?: number;
  arrival: number;
  duration: number;
  setup: number;
  service: number;
  waiting_time: number;
  load: number[];
  distance: number;
}

export interface RouteOut {
  steps: RouteStepOut[];
  /** User seconds and distance units. */
  duration: number;
  distance: number;
  setup: number;
  service: number;
  waiting_time: number;
  /** Centiseconds, for task costs. */
  setupCs: number;
  serviceCs: number;
}

const user = (d: number) => Math.trunc(d / 100);

/** The steps VROOM writes for a feasible route (a port of `format_route`). */
export function formatRoute(v: RouteVehicle, jobs: readonly RouteJob[], route: readonly number[], dims: number, tl: Timeline): RouteOut {
  const N = v.N;
  const n = route.length;
  const counts: number[] = [];
  tl.breaksAt.reduce((s, x, i) => (counts[i] = s + x), 0);
  const dur = (a: number, b: number) => v.dur[a * N + b]!;
  const dis = (a: number, b: number) => v.dist[a * N + b]!;
  const jl = (r: number) => jobs[route[r]!]!.loc;
  const last = route.length - 1;
  const firstLoc = v.start ?? jl(0);
  const lastLoc = v.end ?? jl(last);

  // Backward: latest start keeping the earliest end, to minimise waiting.
  let stepStart = tl.earliestEnd;
  const backBreaks = (r: number, remaining: number): number => {
    let br = counts[r]!;
    for (let i = 0; i < tl.breaksAt[r]!; i++) {
      const b = v.breaks[--br]!;
      stepStart -= b.service;
      const tws = b.tws.length ? b.tws : [ANY];
      const w = [...tws].reverse().find((x) => x[0] <= stepStart)!;
      if (w[1] < stepStart) {
        const margin = stepStart - w[1];
        remaining = margin < remaining ? remaining - margin : 0;
        stepStart = w[1];
      }
    }
    return remaining;
  };
  for (let r = n; r > 0; r--) {
    const j = route[r - 1]!;
    let remaining = r < n ? dur(jl(r - 1), jl(r)) : v.end !== undefined ? dur(jl(r - 1), v.end) : 0;
    remaining = backBreaks(r, remaining);
    const candidate = stepStart - (setupAt(v, jobs, route, r - 1) + v.service[j]! + remaining);
    const tws = jobs[j]!.tws.length ? jobs[j]!.tws : [ANY];
    const w = [...tws].reverse().find((x) => x[0] <= candidate)!;
    stepStart = Math.min(candidate, w[1]);
  }
  let remaining0 = v.start !== undefined ? dur(v.start, jl(0)) : 0;
  remaining0 = backBreaks(0, remaining0);
  if (v.start !== undefined) stepStart -= remaining0;

  // Forward: everything as soon as possible from that start.
  const loads = loadProfile(jobs, route, dims);
  const steps: RouteStepOut[] = [];
  const startArrival = user(stepStart);
  steps.push({ kind: 'start', ref: -1, loc: firstLoc, arrival: startArrival, duration: 0, setup: 0, service: 0, waiting_time: 0, load: loads[0]!, distance: 0 });
  let userPrevEnd = startArrival;
  let userDuration = 0;
  let userWaiting = 0;
  let distance = 0;
  let setup = 0;
  let service = 0;
  const forwardBreaks = (r: number, travel: number, legDur: number, legDist: number): number => {
    let br = counts[r]! - tl.breaksAt[r]!;
    let userDistance = distance;
    for (let i = 0; i < tl.breaksAt[r]!; i++, br++) {
      const b = v.breaks[br]!;
      const w = windowFrom(b.tws, stepStart)!;
      let arrival: number;
      let waiting = 0;
      if (stepStart < w[0]) {
        const margin = w[0] - stepStart;
        if (margin <= travel) {
          travel -= margin;
          arrival = user(w[0]);
        } else {
          arrival = user(stepStart + travel);
          waiting = user(w[0]) - arrival;
          travel = 0;
        }
        stepStart = w[0];
      } else arrival = user(stepStart);
      const userTravel = arrival - userPrevEnd;
      userDuration += userTravel;
      const legUser = user(legDur);
      if (legDur !== 0 && legUser !== 0) userDistance += Math.round((userTravel * legDist) / legUser);
      userWaiting += waiting;
      steps.push({ kind: 'break', ref: br, arrival, duration: userDuration, setup: 0, service: user(b.service), waiting_time: waiting, load: loads[r]!, distance: userDistance });
      userPrevEnd = arrival + waiting + user(b.service);
      service += b.service;
      stepStart += b.service;
    }
    return travel;
  };
  for (let r = 0; r < n; r++) {
    const j = route[r]!;
    const a = r === 0 ? v.start : jl(r - 1);
    const legDur = a !== undefined ? dur(a, jl(r)) : 0;
    const legDist = a !== undefined ? dis(a, jl(r)) : 0;
    const travel = forwardBreaks(r, legDur, legDur, legDist);
    distance += legDist;
    const s = setupAt(v, jobs, route, r);
    setup += s;
    service += v.service[j]!;
    stepStart += travel;
    const arrival = user(stepStart);
    const w = windowFrom(jobs[j]!.tws, stepStart)!;
    let waiting = 0;
    if (stepStart < w[0]) {
      waiting = user(w[0]) - arrival;
      userWaiting += waiting;
      stepStart = w[0];
    }
    userDuration += arrival - userPrevEnd;
    steps.push({ kind: 'job', ref: j, loc: jl(r), arrival, duration: userDuration, setup: user(s), service: user(v.service[j]!), waiting_time: waiting, load: loads[r + 1]!, distance });
    userPrevEnd = arrival + waiting + user(s) + user(v.service[j]!);
    stepStart += s + v.service[j]!;
  }
  const legDur = v.end !== undefined ? dur(jl(last), v.end) : 0;
  const legDist = v.end !== undefined ? dis(jl(last), v.end) : 0;
  const travel = forwardBreaks(n, legDur, legDur, legDist);
  if (v.end !== undefined) {
    distance += legDist;
    stepStart += travel;
  }
  const endArrival = user(stepStart);
  userDuration += endArrival - userPrevEnd;
  steps.push({ kind: 'end', ref: -1, loc: lastLoc, arrival: endArrival, duration: userDuration, setup: 0, service: 0, waiting_time: 0, load: loads[n]!, distance });
  return { steps, duration: userDuration, distance, setup: user(setup), service: user(service), waiting_time: userWaiting, setupCs: setup, serviceCs: service };
}
