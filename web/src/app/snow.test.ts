import { describe, expect, it } from 'vitest';
import { flakes, isSnowSeason } from './snow.ts';

describe('December snow', () => {
  it('falls only in December', () => {
    expect(isSnowSeason(new Date(2026, 11, 1))).toBe(true);
    expect(isSnowSeason(new Date(2026, 11, 31, 23, 59))).toBe(true);
    expect(isSnowSeason(new Date(2027, 0, 1))).toBe(false);
    expect(isSnowSeason(new Date(2026, 10, 30))).toBe(false);
  });

  it('places flakes deterministically across the width', () => {
    const all = flakes(36);
    expect(all).toHaveLength(36);
    expect(all.every((f) => f.left >= 0 && f.left < 100 && f.durationS > 0)).toBe(true);
    expect(flakes(36)).toEqual(all);
  });
});
