import { describe, expect, it } from 'vitest';
import { pointInPolygon, zonesContaining } from './zones.ts';
import { dispatchOutcome, dayPoints, solveDay } from './day.ts';
import { montrealDay } from './montreal-day.ts';
import { OfflineTravelProvider } from './travel.ts';

const square = [
  { lat: 45.4, lng: -73.7 },
  { lat: 45.6, lng: -73.7 },
  { lat: 45.6, lng: -73.5 },
  { lat: 45.4, lng: -73.5 },
  { lat: 45.4, lng: -73.7 },
];

describe('zones', () => {
  it('finds the zones containing a point', () => {
    expect(pointInPolygon({ lat: 45.5, lng: -73.6 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 45.7, lng: -73.6 }, square)).toBe(false);
    expect(zonesContaining({ lat: 45.5, lng: -73.6 }, [{ id: 1, coordinates: square }, { id: 2, coordinates: [] }])).toEqual([1]);
  });
});

describe('dispatchOutcome', () => {
  it('counts N / M and the technicians who received shootings', () => {
    const day = montrealDay({ shootings: 15, technicians: 4, seed: 8 });
    const plan = solveDay(day, new OfflineTravelProvider().matrixSync(dayPoints(day)), { maxIterations: 200 });
    const requested = day.shootings.filter((s) => !s.current).map((s) => s.id);
    const out = dispatchOutcome(plan, requested);
    expect(out.shootingRequested).toBe(requested.length);
    expect(out.shootingDispatched + out.unserved.length).toBe(requested.length);
    expect(out.userDispatched).toBe(new Set(out.assignments.map((a) => a.techId)).size);
    for (const a of out.assignments) expect(plan.routes.find((r) => r.techId === a.techId)!.shootingIds[a.order - 1]).toBe(a.shootingId);
  });
});
