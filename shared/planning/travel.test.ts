import { describe, expect, it } from 'vitest';
import { CachedTravelProvider, haversineKm, OfflineTravelProvider, ROAD_FACTOR, type LatLng, type TravelMatrix, type TravelProvider } from './travel.ts';

const montreal = { lat: 45.5017, lng: -73.5673 };
const quebec = { lat: 46.8139, lng: -71.208 };

describe('travel', () => {
  it('haversine: Montréal–Québec ≈ 233 km straight', () => {
    expect(haversineKm(montreal, quebec)).toBeGreaterThan(228);
    expect(haversineKm(montreal, quebec)).toBeLessThan(238);
  });
  it('offline: distance × road factor, symmetric, zero diagonal, longer trips take longer', () => {
    const m = new OfflineTravelProvider().matrixSync([montreal, quebec, { lat: 45.55, lng: -73.6 }]);
    expect(m.distancesKm[0]![1]).toBeCloseTo(haversineKm(montreal, quebec) * ROAD_FACTOR, 9);
    expect(m.distancesKm[1]![0]).toBe(m.distancesKm[0]![1]);
    expect(m.durationsS[0]![0]).toBe(0);
    expect(m.durationsS[0]![1]!).toBeGreaterThan(m.durationsS[0]![2]!);
    expect(m.durationsS[0]![1]! / 3600).toBeGreaterThan(2.5);
    expect(m.durationsS[0]![1]! / 3600).toBeLessThan(4.5);
  });
  it('the cache asks the inner provider once per set of pairs', async () => {
    let calls = 0;
    const inner: TravelProvider = {
      async matrix(points: readonly LatLng[]): Promise<TravelMatrix> {
        calls++;
        return new OfflineTravelProvider().matrixSync(points);
      },
    };
    const cached = new CachedTravelProvider(inner);
    const a = await cached.matrix([montreal, quebec]);
    const b = await cached.matrix([quebec, montreal, quebec]);
    expect(calls).toBe(1);
    expect(b.distancesKm[0]![1]).toBe(a.distancesKm[1]![0]);
    expect(b.distancesKm[0]![2]).toBe(0);
    await cached.matrix([montreal, { lat: 45.6, lng: -73.7 }]);
    expect(calls).toBe(2);
  });
});
