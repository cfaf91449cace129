import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimateServiceHours, estimateServiceTime, estimateStaffServiceTime } from './service-time.ts';

describe('broker service-time estimate (part 1 section 9)', () => {
  it('house: n = rooms + 1; 6.5n+24, or 4n+14 when 360 only', () => {
    expect(estimateServiceTime({ roomCount: 4, isHouse: true, only360: false })).toEqual({ minutes: 6.5 * 5 + 24, seconds: (6.5 * 5 + 24) * 60 });
    expect(estimateServiceTime({ roomCount: 4, isHouse: true, only360: true }).minutes).toBe(4 * 5 + 14);
  });
  it('other: n = rooms + 2; 6.5n+11, or 4n+7 when 360 only', () => {
    expect(estimateServiceTime({ roomCount: 4, isHouse: false, only360: false }).minutes).toBe(6.5 * 6 + 11);
    expect(estimateServiceTime({ roomCount: 4, isHouse: false, only360: true }).minutes).toBe(4 * 6 + 7);
  });
  it('hours rounded for display', () => {
    expect(estimateServiceHours({ roomCount: 4, isHouse: true, only360: false })).toBe(1); // 56.5 min
    expect(estimateServiceHours({ roomCount: 10, isHouse: true, only360: false })).toBe(1.5); // 95.5 min
  });
  it('grows with the room count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.boolean(), fc.boolean(), (r, isHouse, only360) => {
        expect(estimateServiceTime({ roomCount: r + 1, isHouse, only360 }).minutes).toBeGreaterThan(estimateServiceTime({ roomCount: r, isHouse, only360 }).minutes);
      }),
    );
  });
});

describe('staff 2D+3D estimate (part 2 section 9), both options', () => {
  it('rooms+1 option', () => {
    expect(estimateStaffServiceTime(4, true, 'rooms+1').minutes).toBe(5 * 4.5 + 20);
    expect(estimateStaffServiceTime(4, false, 'rooms+1').minutes).toBe(5 * 5.25 + 25);
  });
  it('rooms+2 option', () => {
    expect(estimateStaffServiceTime(4, true, 'rooms+2').minutes).toBe(6 * 4.5 + 15);
    expect(estimateStaffServiceTime(4, false, 'rooms+2').minutes).toBe(6 * 5.25 + 15);
  });
});
