import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_KM_SETTINGS, FLAT_059_KM_SETTINGS, kmCost, kmRate, paidKm, technicianCost } from './km-cost.ts';

describe('kilometre pay', () => {
  it('the first 50 km per day are free', () => {
    expect(kmCost(1, 0)).toBe(0);
    expect(kmCost(1, 50)).toBe(0);
    expect(kmCost(1, 60)).toBe(5);
    expect(paidKm(49.9)).toBe(0);
  });
  it('default reading: 0.5 per km, 0.59 for exception technicians 1016 and 1017', () => {
    expect(kmRate(1001, DEFAULT_KM_SETTINGS)).toBe(0.5);
    expect(kmRate(1016, DEFAULT_KM_SETTINGS)).toBe(0.59);
    expect(kmRate(1017, DEFAULT_KM_SETTINGS)).toBe(0.59);
    expect(kmCost(1016, 150)).toBe(59);
  });
  it('other reading: 0.59 per km for everyone', () => {
    expect(kmRate(1001, FLAT_059_KM_SETTINGS)).toBe(0.59);
    expect(kmCost(1001, 150, FLAT_059_KM_SETTINGS)).toBe(59);
  });
  it('is max(0, km − 50) × rate for any distance', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2000, noNaN: true }), fc.constantFrom(1001, 1016, 1017), (km, id) => {
        const expected = Math.round(Math.max(0, km - 50) * (id === 1001 ? 0.5 : 0.59) * 100) / 100;
        expect(kmCost(id, km)).toBeCloseTo(expected, 9);
      }),
    );
  });
  it('technician cost = package commissions + service-offer commissions + km cost', () => {
    expect(technicianCost({ techId: 1001, kmOfDay: 70, packageCommissions: [40, 35.5], serviceOfferCommissions: 12 })).toEqual({
      packageCommissions: 75.5,
      serviceOfferCommissions: 12,
      kmCost: 10,
      total: 97.5,
    });
  });
});
