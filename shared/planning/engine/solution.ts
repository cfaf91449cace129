import { departAvoiding, earliestStart, latestStart, startAvoiding, type Instance } from './model.ts';

/** The job of the lowest set bit of word `x`, word `w` of a job bit set (`Solution.absentBits`). */
export function lowestBitJob(w: number, x: number): number {
  return (w << 5) + 31 - Math.clz32(x & -x);
}

/**
 * When the vehicle leaves job j, having left its previous stop at t on a leg of tt, with its
 * blocked intervals avoided on the road and at the job (Infinity if it misses the job's windows).
 */
function leaveAvoiding(inst: Instance, blocked: Float64Array, t: number, tt: number, j: number): number {
  return startAvoiding(inst, blocked, j, earliestStart(inst, j, departAvoiding(blocked, t, tt) + tt)) + inst.service[j]!;
}

function routeCostLocal(inst: Instance, v: number, arcSum: number, dist: number): number {
  const excess = dist - inst.vFree[v]!;
  return inst.vFixed[v]! + arcSum + (excess > 0 ? excess * inst.vExcess[v]! : 0);
}

/**
 * Routes with the cached data that makes an insertion check O(1):
 * - dep[k]: earliest departure from position k (k = 0 is the vehicle start; k = len+1 holds the
 *   earliest arrival at the end);
 * - lat[k]: latest arrival at position k that keeps the rest of the route feasible
 *   (forward/backward time slack, Savelsbergh 1992).
 * - legDur/legDist/legArc[k]: the leg from position k to k+1 (read in order by insertion scans).
 * Positions 1..len hold job indices. All routes live in flat typed arrays (stride nJobs+2).
 */
export class Solution {
  readonly inst: Instance;
  readonly stride: number;
  readonly len: Int32Array;
  readonly nodes: Int32Array;
  readonly locs: Int32Array;
  readonly dep: Float64Array;
  readonly lat: Float64Array;
  readonly legDur: Float64Array;
  readonly legDist: Float64Array;
  readonly legArc: Float64Array;
  /**
   * For a vehicle with blocked intervals: bdep[k], the departure from position k when the route is
   * simulated avoiding them (Infinity from a job it cannot reach in time on), and bOk[v], whether
   * the whole route is feasible so; what `feasibleWithBlocked` starts from and stops at.
   */
  private readonly bdep: Float64Array;
  private readonly bOk: Uint8Array;
  readonly load: Float64Array;
  readonly dist: Float64Array;
  readonly travel: Float64Array;
  readonly arcSum: Float64Array;
  readonly cost: Float64Array;
  readonly routeOf: Int32Array;
  readonly posOf: Int32Array;
  /** Bit j set while job j is in no route: the unserved jobs in index order without a scan of every job. */
  readonly absentBits: Uint32Array;
  private absentN: number;
  /** 1 for the vehicles whose route is empty, and how many there are. */
  private readonly emptyRoute: Uint8Array;
  emptyCount = 0;

  constructor(inst: Instance) {
    this.inst = inst;
    const m = inst.nVehicles;
    this.stride = inst.nJobs + 2;
    this.len = new Int32Array(m);
    this.nodes = new Int32Array(m * this.stride);
    this.locs = new Int32Array(m * this.stride);
    this.dep = new Float64Array(m * this.stride);
    this.lat = new Float64Array(m * this.stride);
    this.legDur = new Float64Array(m * this.stride);
    this.legDist = new Float64Array(m * this.stride);
    this.legArc = new Float64Array(m * this.stride);
    const anyBlocked = inst.vBlocked.some((b) => b !== null);
    this.bdep = new Float64Array(anyBlocked ? m * this.stride : 0);
    this.bOk = new Uint8Array(m);
    this.load = new Float64Array(m * inst.dims);
    this.dist = new Float64Array(m);
    this.travel = new Float64Array(m);
    this.arcSum = new Float64Array(m);
    this.cost = new Float64Array(m);
    this.routeOf = new Int32Array(inst.nJobs).fill(-1);
    this.posOf = new Int32Array(inst.nJobs).fill(-1);
    this.absentBits = new Uint32Array((inst.nJobs + 31) >>> 5);
    for (let j = 0; j < inst.nJobs; j++) this.absentBits[j >>> 5]! |= 1 << (j & 31);
    this.absentN = inst.nJobs;
    this.emptyRoute = new Uint8Array(m);
    for (let v = 0; v < m; v++) this.update(v);
  }

  /** Number of jobs not in any route. */
  absentCount(): number {
    return this.absentN;
  }

  /** Job j, unserved until now, joins route v. */
  private served(j: number, v: number): void {
    if (this.routeOf[j] === -1) {
      this.absentN--;
      this.absentBits[j >>> 5]! &= ~(1 << (j & 31));
    }
    this.routeOf[j] = v;
  }

  /** Job j leaves its route and is unserved. */
  private unserved(j: number): void {
    this.routeOf[j] = -1;
    this.absentN++;
    this.absentBits[j >>> 5]! |= 1 << (j & 31);
  }

  /** Keeps `emptyCount` true after route v's length changed. */
  private lengthChanged(v: number): void {
    const empty = this.len[v] === 0 ? 1 : 0;
    if (empty !== this.emptyRoute[v]) {
      this.emptyRoute[v] = empty;
      this.emptyCount += empty ? 1 : -1;
    }
  }

  routesCost(): number {
    let c = 0;
    for (let v = 0; v < this.inst.nVehicles; v++) c += this.cost[v]!;
    return c;
  }

  /** Objective: route costs plus the penalty of every unserved job. */
  total(): number {
    return this.addAbsentPenalties(this.routesCost());
  }

  /** The penalties of the unserved jobs. */
  absentPenalty(): number {
    return this.addAbsentPenalties(0);
  }

  /** c plus each unserved job's penalty, in job order (the order `total` has always summed in). */
  private addAbsentPenalties(c: number): number {
    if (this.absentN > 0) {
      const pen = this.inst.jobPenalty;
      const bits = this.absentBits;
      for (let w = 0; w < bits.length; w++) {
        for (let x = bits[w]!; x !== 0; x &= x - 1) c += pen[lowestBitJob(w, x)]!;
      }
    }
    return c;
  }

  route(v: number): number[] {
    const base = v * this.stride;
    return Array.from(this.nodes.subarray(base + 1, base + 1 + this.len[v]!));
  }

  absent(): number[] {
    const out: number[] = [];
    const bits = this.absentBits;
    for (let w = 0; w < bits.length; w++) {
      for (let x = bits[w]!; x !== 0; x &= x - 1) out.push(lowestBitJob(w, x));
    }
    return out;
  }

  private allRoutes: Int32Array | null = null;

  /** Copies a whole solution: each route's used positions only (the arrays hold nJobs+2 per vehicle). */
  copyFrom(o: Solution): void {
    const m = this.inst.nVehicles;
    const all = (this.allRoutes ??= Int32Array.from({ length: m }, (_, v) => v));
    this.copyRoutesFrom(o, all, m);
  }

  /** Copies the listed routes (and the job→route maps) from another solution of the same instance. */
  copyRoutesFrom(o: Solution, routes: Int32Array, count: number): void {
    const dims = this.inst.dims;
    for (let i = 0; i < count; i++) {
      const v = routes[i]!;
      const base = v * this.stride;
      const end = base + o.len[v]! + 2;
      this.len[v] = o.len[v]!;
      const nodes = this.nodes;
      const locs = this.locs;
      const dep = this.dep;
      const lat = this.lat;
      const legDur = this.legDur;
      const legDist = this.legDist;
      const legArc = this.legArc;
      if (this.inst.vBlocked[v] !== null) {
        // A plain loop: a subarray view per copied route would be garbage on the search's hot path.
        for (let k = base; k < end; k++) this.bdep[k] = o.bdep[k]!;
        this.bOk[v] = o.bOk[v]!;
      }
      for (let k = base; k < end; k++) {
        nodes[k] = o.nodes[k]!;
        locs[k] = o.locs[k]!;
        dep[k] = o.dep[k]!;
        lat[k] = o.lat[k]!;
        legDur[k] = o.legDur[k]!;
        legDist[k] = o.legDist[k]!;
        legArc[k] = o.legArc[k]!;
      }
      for (let d = 0; d < dims; d++) this.load[v * dims + d] = o.load[v * dims + d]!;
      this.dist[v] = o.dist[v]!;
      this.travel[v] = o.travel[v]!;
      this.arcSum[v] = o.arcSum[v]!;
      this.cost[v] = o.cost[v]!;
      this.lengthChanged(v);
    }
    this.routeOf.set(o.routeOf);
    this.posOf.set(o.posOf);
    this.absentBits.set(o.absentBits);
    this.absentN = o.absentN;
  }

  /** Recomputes route v's cached data in O(len). */
  update(v: number): void {
    const inst = this.inst;
    const N = inst.nLocs;
    const base = v * this.stride;
    const len = this.len[v]!;
    const nodes = this.nodes;
    const locs = this.locs;
    const dur = inst.vDur[v]!;
    const dis = inst.vDist[v]!;
    const arc = inst.vArc[v]!;
    locs[base] = inst.vStart[v]!;
    locs[base + len + 1] = inst.vEnd[v]!;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) this.load[v * dims + d] = 0;
    for (let k = 1; k <= len; k++) {
      const j = nodes[base + k]!;
      locs[base + k] = inst.jobLoc[j]!;
      this.served(j, v);
      this.posOf[j] = k;
      for (let d = 0; d < dims; d++) this.load[v * dims + d]! += inst.demand[j * dims + d]!;
    }
    let distance = 0;
    let travel = 0;
    let arcSum = 0;
    for (let k = 0; k <= len; k++) {
      const a = locs[base + k]! * N + locs[base + k + 1]!;
      this.setLeg(v, base + k, a);
      travel += dur[a]!;
      distance += dis[a]!;
      arcSum += arc[a]!;
    }
    this.dep[base] = inst.vTwStart[v]!;
    this.forward(v, 0, false);
    this.lat[base + len + 1] = inst.vTwEnd[v]!;
    this.backward(v, len, false);
    if (inst.vBlocked[v] !== null) this.blockedForward(v, 0, false);
    // An unused vehicle does not travel: its totals are zero.
    this.dist[v] = len > 0 ? distance : 0;
    this.travel[v] = len > 0 ? travel : 0;
    this.arcSum[v] = len > 0 ? arcSum : 0;
    this.cost[v] = len === 0 ? 0 : routeCostLocal(inst, v, arcSum, distance);
    this.lengthChanged(v);
  }

  /** Inserts job u after position k (0..len) of route v; updates the cached data incrementally. */
  insert(v: number, k: number, u: number): void {
    const inst = this.inst;
    const base = v * this.stride;
    const len = this.len[v]!;
    if (len === 0 || inst.twMulti[u] !== null) {
      this.nodes.copyWithin(base + k + 2, base + k + 1, base + len + 1);
      this.nodes[base + k + 1] = u;
      this.len[v] = len + 1;
      this.update(v);
      return;
    }
    const N = inst.nLocs;
    const nodes = this.nodes;
    const locs = this.locs;
    const dep = this.dep;
    const lat = this.lat;
    const dur = inst.vDur[v]!;
    nodes.copyWithin(base + k + 2, base + k + 1, base + len + 1);
    locs.copyWithin(base + k + 2, base + k + 1, base + len + 2);
    dep.copyWithin(base + k + 2, base + k + 1, base + len + 2);
    lat.copyWithin(base + k + 2, base + k + 1, base + len + 2);
    // Legs 0..len become 0..len+1: the leg k (prev → next) splits into k (prev → u) and k+1 (u → next).
    const legDur = this.legDur;
    const legDist = this.legDist;
    const legArc = this.legArc;
    legDur.copyWithin(base + k + 2, base + k + 1, base + len + 1);
    legDist.copyWithin(base + k + 2, base + k + 1, base + len + 1);
    legArc.copyWithin(base + k + 2, base + k + 1, base + len + 1);
    const lu = inst.jobLoc[u]!;
    const pl = locs[base + k]!;
    const nl = locs[base + k + 2]!;
    nodes[base + k + 1] = u;
    locs[base + k + 1] = lu;
    const nlen = len + 1;
    this.len[v] = nlen;
    this.served(u, v);
    for (let p = k + 1; p <= nlen; p++) this.posOf[nodes[base + p]!] = p;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) this.load[v * dims + d]! += inst.demand[u * dims + d]!;
    const a1 = pl * N + lu;
    const a2 = lu * N + nl;
    const a0 = pl * N + nl;
    const dis = inst.vDist[v]!;
    const arc = inst.vArc[v]!;
    this.travel[v]! += dur[a1]! + dur[a2]! - dur[a0]!;
    this.dist[v]! += dis[a1]! + dis[a2]! - dis[a0]!;
    this.arcSum[v]! += arc[a1]! + arc[a2]! - arc[a0]!;
    this.setLeg(v, base + k, a1);
    this.setLeg(v, base + k + 1, a2);
    this.cost[v] = routeCostLocal(inst, v, this.arcSum[v]!, this.dist[v]!);
    this.forward(v, k, true);
    this.backward(v, k + 1, true);
    if (inst.vBlocked[v] !== null) {
      this.bdep.copyWithin(base + k + 2, base + k + 1, base + len + 1);
      this.blockedForward(v, k, true);
    }
  }

  /**
   * `bdep` from position `from` on, and `bOk` (`from` = 0 restarts at the vehicle's start). With
   * `stopAtSame`, stops at the first position after from+1 whose departure is unchanged: the rest of
   * the route, and whether it is feasible, are then unchanged too.
   */
  private blockedForward(v: number, from: number, stopAtSame: boolean): void {
    const inst = this.inst;
    const blocked = inst.vBlocked[v]!;
    const base = v * this.stride;
    const len = this.len[v]!;
    const bdep = this.bdep;
    if (from === 0) bdep[base] = inst.vTwStart[v]!;
    let t = bdep[base + from]!;
    for (let p = from + 1; p <= len; p++) {
      t = leaveAvoiding(inst, blocked, t, this.legDur[base + p - 1]!, this.nodes[base + p]!);
      if (stopAtSame && p > from + 1 && bdep[base + p] === t) return;
      bdep[base + p] = t;
    }
    const tt = this.legDur[base + len]!;
    this.bOk[v] = t !== Infinity && departAvoiding(blocked, t, tt) + tt <= inst.vTwEnd[v]! ? 1 : 0;
  }

  /** Caches leg i (an index into the route arrays) of vehicle v: matrix cell a. */
  private setLeg(v: number, i: number, a: number): void {
    this.legDur[i] = this.inst.vDur[v]![a]!;
    this.legDist[i] = this.inst.vDist[v]![a]!;
    this.legArc[i] = this.inst.vArc[v]![a]!;
  }

  /**
   * Earliest departures from the positions after `from` (a job's start is its earliest start after
   * the arrival, the end's is the arrival), read from the cached legs. With `stopAtSame`, stops at
   * the first position whose departure is unchanged (all later ones are then unchanged too).
   */
  private forward(v: number, from: number, stopAtSame: boolean): void {
    const inst = this.inst;
    const base = v * this.stride;
    const len = this.len[v]!;
    const dep = this.dep;
    let t = dep[base + from]!;
    for (let p = from + 1; p <= len + 1; p++) {
      const arrival = t + this.legDur[base + p - 1]!;
      if (p <= len) {
        const j = this.nodes[base + p]!;
        t = earliestStart(inst, j, arrival) + inst.service[j]!;
      } else t = arrival;
      if (stopAtSame && p > from + 1 && dep[base + p] === t) return;
      dep[base + p] = t;
    }
  }

  /**
   * Latest arrivals at positions `from` down to the start that keep the rest of the route feasible,
   * from the latest arrival at `from`+1. With `stopAtSame`, stops at the first unchanged position below `from`.
   */
  private backward(v: number, from: number, stopAtSame: boolean): void {
    const inst = this.inst;
    const base = v * this.stride;
    const lat = this.lat;
    let l = lat[base + from + 1]!;
    for (let p = from; p >= 1; p--) {
      const j = this.nodes[base + p]!;
      l = latestStart(inst, j, l - inst.service[j]! - this.legDur[base + p]!);
      if (stopAtSame && p < from && lat[base + p] === l) return;
      lat[base + p] = l;
    }
    lat[base] = l - this.legDur[base]!;
  }

  /** Removes the jobs at the positions flagged in `drop` (indexed by position) from route v. */
  removeFlagged(v: number, drop: Uint8Array, out: Int32Array, outCount: number): number {
    const base = v * this.stride;
    const len = this.len[v]!;
    let w = 1;
    for (let k = 1; k <= len; k++) {
      const j = this.nodes[base + k]!;
      if (drop[k]) {
        out[outCount++] = j;
        this.unserved(j);
        this.posOf[j] = -1;
        drop[k] = 0;
      } else this.nodes[base + w++] = j;
    }
    this.len[v] = w - 1;
    this.update(v);
    return outCount;
  }

  private candidate: Int32Array | null = null;

  /** The instance's exact route check (`routeCheck`) of route v with u inserted after position k. */
  feasibleExact(v: number, k: number, u: number): boolean {
    if (!this.inst.vExact[v]) return true;
    const len = this.len[v]!;
    const base = v * this.stride;
    const c = (this.candidate ??= new Int32Array(this.inst.nJobs + 1));
    for (let p = 0; p < k; p++) c[p] = this.nodes[base + 1 + p]!;
    c[k] = u;
    for (let p = k; p < len; p++) c[p + 1] = this.nodes[base + 1 + p]!;
    return this.inst.routeCheck!(v, c.subarray(0, len + 1));
  }

  /**
   * Whether route v with u inserted after position k is feasible with its blocked intervals; with
   * u = -1, the route as stored. Simulates from position k, and only until the route's times are
   * back at or before the stored route's.
   */
  feasibleWithBlocked(v: number, k: number, u: number): boolean {
    if (u < 0) return this.bOk[v] === 1;
    const inst = this.inst;
    const blocked = inst.vBlocked[v]!;
    const N = inst.nLocs;
    const dur = inst.vDur[v]!;
    const legDur = this.legDur;
    const bdep = this.bdep;
    const ok = this.bOk[v] === 1;
    const base = v * this.stride;
    const len = this.len[v]!;
    // The route up to position k is the stored one: start from its departure there.
    let t = bdep[base + k]!;
    if (t === Infinity) return false;
    const lu = inst.jobLoc[u]!;
    t = leaveAvoiding(inst, blocked, t, dur[this.locs[base + k]! * N + lu]!, u);
    if (t === Infinity) return false;
    for (let q = k + 1; q <= len; q++) {
      const tt = q === k + 1 ? dur[lu * N + this.locs[base + q]!]! : legDur[base + q - 1]!;
      t = leaveAvoiding(inst, blocked, t, tt, this.nodes[base + q]!);
      if (t === Infinity) return false;
      // Every step is non-decreasing in the time it starts from: leaving job j no later than the
      // stored route does, the rest goes as the stored route's, feasible, or earlier.
      if (ok && t <= bdep[base + q]!) return true;
    }
    const tt = k === len ? dur[lu * N + inst.vEnd[v]!]! : legDur[base + len]!;
    return departAvoiding(blocked, t, tt) + tt <= inst.vTwEnd[v]!;
  }

  /**
   * Whether route v as stored meets every constraint of its vehicle. An insertion scan only ever
   * makes feasible routes; a removal can break one, because a stop can make the route faster: the
   * direct road may be slower than the detour (travel matrices need not meet the triangle
   * inequality), the removed stop was where the vehicle waited out a blocked interval, or it let
   * two jobs at one place share a setup. Loads and the task cap only fall when a job leaves.
   */
  feasible(v: number): boolean {
    const inst = this.inst;
    const len = this.len[v]!;
    if (len === 0) return true;
    const base = v * this.stride;
    if (this.dep[base + len + 1]! > inst.vTwEnd[v]!) return false;
    if (this.dist[v]! > inst.vMaxDist[v]! || this.travel[v]! > inst.vMaxTravel[v]!) return false;
    if (inst.vBlocked[v] !== null && !this.feasibleWithBlocked(v, len, -1)) return false;
    return !inst.vExact[v] || inst.routeCheck!(v, this.nodes.subarray(base + 1, base + 1 + len));
  }
}
