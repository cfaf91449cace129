import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkDayInput, dayPoints, SOLVER_INPUT_STATUS, solveDay, windowOf, type DayPlan, type DayProblem, type TechnicianInput } from './day.ts';
import { montrealDay } from './montreal-day.ts';
import { OfflineTravelProvider, type TravelMatrix } from './travel.ts';
import { DEFAULT_KM_SETTINGS, FLAT_059_KM_SETTINGS } from '../rules/km-cost.ts';

const offline = new OfflineTravelProvider();
const matrixOf = (p: DayProblem) => offline.matrixSync(dayPoints(p));

/** Independent check of a plan against the problem (written apart from the solver). */
function verify(problem: DayProblem, matrix: TravelMatrix, plan: DayPlan, km = DEFAULT_KM_SETTINGS): void {
  const S = problem.shootings.length;
  const seen = new Map<number, number>();
  for (const r of plan.routes) for (const id of r.shootingIds) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const u of plan.unassigned) seen.set(u.shootingId, (seen.get(u.shootingId) ?? 0) + 1);
  // Every shooting exactly once (served or reported).
  expect(seen.size).toBe(S);
  for (const s of problem.shootings) expect(seen.get(s.id)).toBe(1);
  const techIndex = new Map(problem.technicians.map((t, i) => [t.id, i]));
  const shootIndex = new Map(problem.shootings.map((s, i) => [s.id, i]));
  let total = 0;
  for (const r of plan.routes) {
    const ti = techIndex.get(r.techId)!;
    const t = problem.technicians[ti]!;
    const hours = t.workingHours ?? { start: 8 * 3600, end: 18 * 3600 };
    const zones = new Set([t.mainZoneId, ...(t.backupZoneIds ?? [])]);
    // A route that breaks a rule is only allowed when it holds nothing but kept shootings
    // (force-assigned over a conflict): the technician is then frozen as given.
    const timed = r.feasible;
    if (!timed) {
      for (const id of r.shootingIds) {
        const c = problem.shootings.find((x) => x.id === id)!.current;
        expect(c?.techId).toBe(t.id);
        expect(!!(c?.forceAssigned || c?.locked || t.dayLocked)).toBe(true);
      }
    }
    let loc = S + 2 * ti;
    let time = r.departureS;
    if (timed) expect(time).toBeGreaterThanOrEqual(hours.start - 1e-6);
    let kmSum = 0;
    let travel = 0;
    r.stops.forEach((stop) => {
      const j = shootIndex.get(stop.shootingId)!;
      const s = problem.shootings[j]!;
      const kept = !!s.current && s.current.techId === t.id && (s.current.forceAssigned || s.current.locked || t.dayLocked);
      if (!kept) {
        // Zones, skills and the day lock.
        expect(s.zoneIds.some((z) => zones.has(z))).toBe(true);
        expect(s.requires.serviceOffers.every((o) => t.skills.serviceOffers.includes(o))).toBe(true);
        expect(s.requires.shootingPackages.every((p) => t.skills.shootingPackages.includes(p))).toBe(true);
        expect(t.dayLocked ?? false).toBe(false);
      }
      const legKm = matrix.distancesKm[loc]![j]!;
      const legS = matrix.durationsS[loc]![j]!;
      expect(stop.legKm).toBeCloseTo(legKm, 6);
      expect(stop.endS - stop.startS).toBeCloseTo(s.durationS, 6);
      if (timed) {
        // Travel fits between the previous end and the start; the start is inside the half-day window.
        expect(stop.startS - time).toBeGreaterThanOrEqual(legS - 1e-6);
        const w = windowOf(s.am);
        expect(stop.startS).toBeGreaterThanOrEqual(w.start - 1e-6);
        expect(stop.startS).toBeLessThanOrEqual(w.end + 1e-6);
        // No service during an unavailability.
        for (const u of t.unavailabilities ?? []) expect(stop.endS <= u.start + 1e-6 || stop.startS >= u.end - 1e-6).toBe(true);
      }
      kmSum += legKm;
      travel += legS;
      time = stop.endS;
      loc = j;
    });
    const back = matrix.distancesKm[loc]![S + 2 * ti + 1]!;
    kmSum += back;
    travel += matrix.durationsS[loc]![S + 2 * ti + 1]!;
    if (timed) expect(r.returnS).toBeLessThanOrEqual(hours.end + 1e-6);
    expect(r.km).toBeCloseTo(kmSum, 6);
    expect(r.transitS).toBeCloseTo(travel, 6);
    const rate = km.exceptionTechIds.includes(t.id) ? km.exceptionRatePerKm : km.ratePerKm;
    const cost = Math.round(Math.max(0, kmSum - km.freeKmPerDay) * rate * 100) / 100;
    expect(r.kmCost).toBeCloseTo(cost, 6);
    total += cost;
  }
  expect(plan.totals.kmCost).toBeCloseTo(total, 6);
  // Kept assignments unchanged.
  for (const s of problem.shootings) {
    const t = s.current ? problem.technicians.find((x) => x.id === s.current!.techId) : undefined;
    if (s.current && t && (s.current.forceAssigned || s.current.locked || t.dayLocked)) {
      const r = plan.routes.find((x) => x.shootingIds.includes(s.id));
      expect(r?.techId).toBe(s.current.techId);
    }
  }
  // A day-locked technician has only the shootings they already had.
  for (const r of plan.routes) {
    const t = problem.technicians.find((x) => x.id === r.techId)!;
    if (t.dayLocked) for (const id of r.shootingIds) expect(problem.shootings.find((s) => s.id === id)!.current?.techId).toBe(t.id);
  }
}

describe('solveDay', () => {
  it('on random Montreal-like days, routes respect windows, skills, zones, unavailabilities and locks, and costs recompute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 4, max: 30 }), fc.integer({ min: 2, max: 7 }), fc.boolean(), (seed, nS, nT, flat) => {
        const base = montrealDay({ shootings: nS, technicians: nT, seed });
        const km = flat ? FLAT_059_KM_SETTINGS : DEFAULT_KM_SETTINGS;
        const problem: DayProblem = { ...base, settings: { km } };
        const matrix = matrixOf(problem);
        const plan = solveDay(problem, matrix, { maxIterations: 150, timeLimitMs: 2000, seed });
        expect(['valid', 'out_of_zone', 'no_techs_available']).toContain(plan.status);
        verify(problem, matrix, plan, km);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('serves every shooting of an easy day and reports the unservable one with its reason', () => {
    const base = montrealDay({ shootings: 12, technicians: 5, seed: 3 });
    const problem: DayProblem = {
      ...base,
      shootings: [...base.shootings, { id: 1, location: { lat: 46.8, lng: -71.2 }, zoneIds: [99], am: true, durationS: 3600, requires: { serviceOffers: [], shootingPackages: [] } }],
    };
    const matrix = matrixOf(problem);
    const plan = solveDay(problem, matrix, { maxIterations: 400, seed: 1 });
    expect(plan.unassigned).toContainEqual({ shootingId: 1, reason: 'out_of_zone' });
    verify(problem, matrix, plan);
  });

  it('gives the reasons no_skill, all_locked, unavailable and no_time', () => {
    const tech = (id: number, extra: Partial<TechnicianInput> = {}): TechnicianInput => ({
      id,
      start: { lat: 45.5, lng: -73.57 },
      skills: { serviceOffers: [8], shootingPackages: [1] },
      mainZoneId: 1,
      ...extra,
    });
    const shoot = (id: number, extra: object = {}) => ({
      id,
      location: { lat: 45.51, lng: -73.58 },
      zoneIds: [1],
      am: true,
      durationS: 3600,
      requires: { serviceOffers: [8], shootingPackages: [1] },
      ...extra,
    });
    const cases: Array<[DayProblem, string]> = [
      [{ technicians: [tech(1)], shootings: [shoot(10, { requires: { serviceOffers: [9], shootingPackages: [] } })] }, 'no_skill'],
      [{ technicians: [tech(1, { dayLocked: true }), tech(2)], shootings: [shoot(10, { zoneIds: [1] })].map((s) => ({ ...s })) }, 'none'],
      [{ technicians: [tech(1, { unavailabilities: [{ start: 8 * 3600, end: 14 * 3600 }] }), tech(2, { mainZoneId: 2 })], shootings: [shoot(10)] }, 'unavailable'],
      [{ technicians: [tech(1)], shootings: [shoot(10, { durationS: 4.5 * 3600 }), shoot(11, { durationS: 4.5 * 3600 })] }, 'no_time'],
    ];
    for (const [problem, reason] of cases) {
      const plan = solveDay(problem, matrixOf(problem), { maxIterations: 200 });
      if (reason === 'none') expect(plan.unassigned).toEqual([]);
      else expect(plan.unassigned.map((u) => u.reason)).toContain(reason);
    }
    const locked: DayProblem = { technicians: [tech(1, { dayLocked: true }), tech(2, { mainZoneId: 3, backupZoneIds: [] })], shootings: [shoot(10)] };
    const lockedPlan = solveDay({ ...locked, technicians: [tech(1, { dayLocked: true }), tech(2, { mainZoneId: 1, dayLocked: true })] }, matrixOf(locked), { maxIterations: 50 });
    expect(lockedPlan.status).toBe('no_techs_available');
    expect(lockedPlan.unassigned).toEqual([{ shootingId: 10, reason: 'all_locked' }]);
    // A day nobody works: the technicians are unavailable, not the shooting out of their zones.
    const nobody: DayProblem = { technicians: [], shootings: [shoot(10)] };
    const nobodyPlan = solveDay(nobody, matrixOf(nobody), { maxIterations: 50 });
    expect(nobodyPlan.status).toBe('no_techs_available');
    expect(nobodyPlan.unassigned).toEqual([{ shootingId: 10, reason: 'unavailable' }]);
  });

  it('keeps force-assigned shootings even where the technician would not be chosen', () => {
    const base = montrealDay({ shootings: 10, technicians: 4, seed: 11 });
    const far = base.technicians[0]!;
    const s = base.shootings[0]!;
    s.current = { techId: far.id, forceAssigned: true };
    s.zoneIds = [42]; // outside every zone: kept anyway
    const matrix = matrixOf(base);
    const plan = solveDay(base, matrix, { maxIterations: 200 });
    expect(plan.routes.find((r) => r.techId === far.id)?.shootingIds).toContain(s.id);
  });
});

describe('checkDayInput (solver input status)', () => {
  const t = { id: 1, start: { lat: 45.5, lng: -73.6 }, skills: { serviceOffers: [], shootingPackages: [] }, mainZoneId: 1 };
  const s = { id: 9, location: { lat: 45.5, lng: -73.6 }, zoneIds: [1], am: true, durationS: 3600, requires: { serviceOffers: [], shootingPackages: [] } };

  it('exports the spec codes', () => {
    expect(SOLVER_INPUT_STATUS).toEqual({ valid: 200, invalid: 500, no_techs_available: 404, out_of_zone: 404 });
  });
  it('valid', () => expect(checkDayInput({ technicians: [t], shootings: [s] }).status).toBe('valid'));
  it('invalid: duplicate ids, bad coordinates, bad matrix, negative duration', () => {
    expect(checkDayInput({ technicians: [t, t], shootings: [s] })).toMatchObject({ status: 'invalid', httpStatus: 500 });
    expect(checkDayInput({ technicians: [t], shootings: [{ ...s, location: { lat: 95, lng: 0 } }] }).status).toBe('invalid');
    expect(checkDayInput({ technicians: [t], shootings: [{ ...s, durationS: -1 }] }).status).toBe('invalid');
    expect(checkDayInput({ technicians: [t], shootings: [s] }, { distancesKm: [[0]], durationsS: [[0]] }).status).toBe('invalid');
  });
  it('no_techs_available: none, all locked, or all unavailable all day', () => {
    expect(checkDayInput({ technicians: [], shootings: [s] })).toMatchObject({ status: 'no_techs_available', httpStatus: 404 });
    expect(checkDayInput({ technicians: [{ ...t, dayLocked: true }], shootings: [s] }).status).toBe('no_techs_available');
    expect(checkDayInput({ technicians: [{ ...t, unavailabilities: [{ start: 0, end: 86400 }] }], shootings: [s] }).status).toBe('no_techs_available');
  });
  it('out_of_zone: no shooting lies in an available technician’s zones', () => {
    expect(checkDayInput({ technicians: [t], shootings: [{ ...s, zoneIds: [2] }] })).toMatchObject({ status: 'out_of_zone', httpStatus: 404 });
    expect(checkDayInput({ technicians: [{ ...t, backupZoneIds: [2] }], shootings: [{ ...s, zoneIds: [2] }] }).status).toBe('valid');
  });
});
