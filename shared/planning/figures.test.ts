import { describe, expect, it } from 'vitest';
import { dayPoints, type DayProblem, type ShootingInput, type TechnicianInput } from './day.ts';
import { dayFigures, routeFigures, routeFiguresPoints, slotAvailability, withCandidate, type CandidateShooting } from './figures.ts';
import { OfflineTravelProvider } from './travel.ts';

const offline = new OfflineTravelProvider();
const tech = (id: number, extra: Partial<TechnicianInput> = {}): TechnicianInput => ({
  id,
  start: { lat: 45.5, lng: -73.57 },
  skills: { serviceOffers: [8], shootingPackages: [1] },
  mainZoneId: 1,
  ...extra,
});
const shoot = (id: number, lat: number, lng: number, am: boolean, extra: Partial<ShootingInput> = {}): ShootingInput => ({
  id,
  location: { lat, lng },
  zoneIds: [1],
  am,
  durationS: 3600,
  requires: { serviceOffers: [8], shootingPackages: [1] },
  ...extra,
});

describe('routeFigures', () => {
  const t = tech(1016);
  const list = [shoot(1, 45.6, -73.8, false), shoot(2, 45.52, -73.6, true), shoot(3, 45.45, -73.5, true), shoot(4, 45.58, -73.75, false)];
  const matrix = offline.matrixSync(routeFiguresPoints(t, list));

  it('best order is feasible, no longer than the given order, and km/cost add up', () => {
    const given = routeFigures(t, list, matrix, { order: 'given' });
    const best = routeFigures(t, list, matrix);
    expect(given.feasible).toBe(false); // the PM shooting first makes the AM ones late
    expect(best.feasible).toBe(true);
    expect(best.order.slice().sort()).toEqual([1, 2, 3, 4]);
    expect(best.order.slice(0, 2).sort()).toEqual([2, 3]); // AM first
    const km = best.legs.reduce((a, l) => a + l.km, 0) + best.returnKm;
    expect(best.km).toBeCloseTo(km, 9);
    expect(best.kmCost).toBeCloseTo(Math.round(Math.max(0, best.km - 50) * 0.59 * 100) / 100, 9);
  });

  it('day figures for the planner follow current assignments', () => {
    const day: DayProblem = {
      technicians: [tech(1), tech(2)],
      shootings: [shoot(1, 45.6, -73.8, true, { current: { techId: 1 } }), shoot(2, 45.52, -73.6, false, { current: { techId: 2 } }), shoot(3, 45.45, -73.5, true)],
    };
    const figures = dayFigures(day, offline.matrixSync(dayPoints(day)));
    expect(figures.map((r) => [r.techId, r.shootingIds])).toEqual([
      [1, [1]],
      [2, [2]],
    ]);
  });
});

describe('slotAvailability', () => {
  const candidate: CandidateShooting = { location: { lat: 45.53, lng: -73.62 }, zoneIds: [1], durationS: 5400, requires: { serviceOffers: [8], shootingPackages: [1] } };
  const ask = (day: DayProblem, am: boolean) => slotAvailability(day, candidate, am, offline.matrixSync(dayPoints(withCandidate(day, candidate, am))));

  it('succeeds when an eligible technician has room, fails when they become locked or unavailable', () => {
    const day: DayProblem = { technicians: [tech(1)], shootings: [] };
    expect(ask(day, true)).toEqual({ success: true, techId: 1 });
    expect(ask({ technicians: [tech(1, { dayLocked: true })], shootings: [] }, true).success).toBe(false);
    const away = { technicians: [tech(1, { unavailabilities: [{ start: 8 * 3600, end: 13 * 3600 }] })], shootings: [] };
    expect(ask(away, true).success).toBe(false);
    expect(ask(away, false).success).toBe(true);
  });

  it('fails when the half-day is already full, travel included', () => {
    const full: DayProblem = {
      technicians: [tech(1)],
      shootings: [shoot(1, 45.7, -73.9, true, { durationS: 2 * 3600, current: { techId: 1 } }), shoot(2, 45.4, -73.4, true, { durationS: 1.5 * 3600, current: { techId: 1 } })],
    };
    expect(ask(full, true)).toMatchObject({ success: false, reason: 'no_time' });
    expect(ask(full, false).success).toBe(true);
  });

  it('answers out_of_zone and no_skill', () => {
    const day: DayProblem = { technicians: [tech(1, { mainZoneId: 2 })], shootings: [] };
    expect(ask(day, true)).toEqual({ success: false, reason: 'out_of_zone' });
    const noSkill: DayProblem = { technicians: [tech(1, { skills: { serviceOffers: [], shootingPackages: [1] } })], shootings: [] };
    expect(ask(noSkill, true)).toEqual({ success: false, reason: 'no_skill' });
  });
});
