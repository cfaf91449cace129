import { describe, expect, it } from 'vitest';
import { monthsAndDays } from './month-spans.ts';

describe('monthsAndDays', () => {
  it('a range inside one month is its days', () => {
    expect(monthsAndDays('2026-03-10', '2026-03-12')).toEqual({ months: [], days: ['2026-03-10', '2026-03-11', '2026-03-12'] });
  });

  it('a whole month is the month, February of a leap year included', () => {
    expect(monthsAndDays('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02'], days: [] });
    expect(monthsAndDays('2028-02-01', '2028-02-28').months).toEqual([]);
    expect(monthsAndDays('2028-02-01', '2028-02-29')).toEqual({ months: ['2028-02'], days: [] });
  });

  it('a year across new year: the whole months, and the edge days on both sides', () => {
    const { months, days } = monthsAndDays('2025-11-29', '2026-11-02');
    expect(months).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
    expect(days).toEqual(['2025-11-29', '2025-11-30', '2026-11-01', '2026-11-02']);
  });

  it('every day of the range is counted once, in a month or as a day', () => {
    const { months, days } = monthsAndDays('2026-01-15', '2026-04-30');
    expect(months).toEqual(['2026-02', '2026-03', '2026-04']);
    expect(days.length + 28 + 31 + 30).toBe(106);
  });

  it('an empty range is nothing', () => expect(monthsAndDays('2026-05-02', '2026-05-01')).toEqual({ months: [], days: [] }));
});
