/**
 * A lower bound on how many shootings of a day no plan can serve (docs/decisions/0295): a
 * max-flow relaxation on time. Each shooting needs its service plus the shortest leg that can
 * lead to it (from a shooting sharing an eligible technician and, for a morning shooting, also
 * of the morning; or from an eligible technician's start); each technician offers the free time
 * of their working hours less the shortest way home, at most (morning window's free time + the
 * longest morning service) to morning shootings and (afternoon free time + the longest leg into
 * an afternoon shooting) to afternoon ones. Any plan is a flow of this network, so the time no
 * flow can carry must be left unserved, and at least as many shootings as the largest needs
 * adding up to it. Travel is relaxed to its shortest legs, so the bound is weak on a dense day.
 */
import { hasSkills, inZone, isKept, resolveSettings, windowOf, type DayProblem } from '#shared/planning/day.ts';
import type { TravelMatrix } from '#shared/planning/travel.ts';

class MaxFlow {
  private readonly head: number[][];
  private readonly to: number[] = [];
  private readonly cap: number[] = [];
  constructor(private readonly n: number) {
    this.head = Array.from({ length: n }, () => []);
  }

  add(a: number, b: number, c: number): void {
    this.head[a]!.push(this.to.length);
    this.to.push(b);
    this.cap.push(c);
    this.head[b]!.push(this.to.length);
    this.to.push(a);
    this.cap.push(0);
  }

  /** Dinic's algorithm. */
  run(s: number, t: number): number {
    let flow = 0;
    for (;;) {
      const level = new Int32Array(this.n).fill(-1);
      level[s] = 0;
      const queue = [s];
      for (let i = 0; i < queue.length; i++) {
        for (const e of this.head[queue[i]!]!) {
          if (this.cap[e]! > 1e-9 && level[this.to[e]!]! < 0) {
            level[this.to[e]!] = level[queue[i]!]! + 1;
            queue.push(this.to[e]!);
          }
        }
      }
      if (level[t]! < 0) return flow;
      const next = new Int32Array(this.n);
      const push = (u: number, limit: number): number => {
        if (u === t) return limit;
        for (; next[u]! < this.head[u]!.length; next[u]!++) {
          const e = this.head[u]![next[u]!]!;
          const v = this.to[e]!;
          if (this.cap[e]! <= 1e-9 || level[v] !== level[u]! + 1) continue;
          const d = push(v, Math.min(limit, this.cap[e]!));
          if (d > 0) {
            this.cap[e]! -= d;
            this.cap[e ^ 1]! += d;
            return d;
          }
        }
        return 0;
      };
      for (let d = push(s, Infinity); d > 0; d = push(s, Infinity)) flow += d;
    }
  }
}

export interface ServableBound {
  /** Shootings no technician may take at all (zones, skills, locks). */
  noEligible: number;
  /** At least this many shootings are unserved in any plan (noEligible included). */
  atLeastUnserved: number;
}

export function servableBound(problem: DayProblem, matrix: TravelMatrix): ServableBound {
  const settings = resolveSettings(problem.settings);
  const techs = problem.technicians;
  const shootings = problem.shootings;
  const S = shootings.length;
  const byId = new Map(techs.map((t) => [t.id, t]));
  const dur = matrix.durationsS;
  const eligible = shootings.map((s) =>
    techs.map((t) => (isKept(s, byId, settings) ? s.current?.techId === t.id : !t.dayLocked && inZone(t, s) && hasSkills(t, s))),
  );
  const share = (i: number, j: number) => eligible[i]!.some((e, v) => e && eligible[j]![v]);
  const legIn = shootings.map((s, j) => {
    let m = Infinity;
    shootings.forEach((p, i) => {
      if (i !== j && (!s.am || p.am) && dur[i]![j]! < m && share(i, j)) m = dur[i]![j]!;
    });
    techs.forEach((_, v) => {
      if (eligible[j]![v]) m = Math.min(m, dur[S + 2 * v]![j]!);
    });
    return m === Infinity ? 0 : m;
  });
  const need = shootings.map((s, j) => s.durationS + legIn[j]!);
  const free = (t: (typeof techs)[number], a: number, b: number) => {
    let x = Math.max(0, b - a);
    for (const u of t.unavailabilities ?? []) x -= Math.max(0, Math.min(b, u.end) - Math.max(a, u.start));
    return Math.max(0, x);
  };
  // Nodes: 0 source, 1 sink, shootings, then per technician a morning, an afternoon and a day node.
  const J = 2;
  const A = J + S;
  const P = A + techs.length;
  const D = P + techs.length;
  const g = new MaxFlow(D + techs.length);
  const am = windowOf(true);
  const pm = windowOf(false);
  let total = 0;
  let noEligible = 0;
  techs.forEach((t, v) => {
    const h = t.workingHours ?? settings.defaultWorkingHours;
    let longestAm = 0;
    let longestLegPm = 0;
    let home = Infinity;
    shootings.forEach((s, j) => {
      if (!eligible[j]![v]) return;
      g.add(J + j, (s.am ? A : P) + v, Infinity);
      if (s.am) longestAm = Math.max(longestAm, s.durationS);
      else longestLegPm = Math.max(longestLegPm, legIn[j]!);
      home = Math.min(home, dur[j]![S + 2 * v + 1]!);
    });
    g.add(A + v, D + v, free(t, h.start, am.end) + longestAm);
    g.add(P + v, D + v, free(t, pm.start, h.end) + longestLegPm);
    g.add(D + v, 1, Math.max(0, free(t, h.start, h.end) - (home === Infinity ? 0 : home)));
  });
  shootings.forEach((_, j) => {
    if (!eligible[j]!.some(Boolean)) noEligible++;
    g.add(0, J + j, need[j]!);
    total += need[j]!;
  });
  const deficit = total - g.run(0, 1);
  const largest = [...need].sort((a, b) => b - a);
  let atLeast = 0;
  for (let acc = 0; acc < deficit - 1e-6 && atLeast < largest.length; atLeast++) acc += largest[atLeast]!;
  return { noEligible, atLeastUnserved: Math.max(atLeast, noEligible) };
}
