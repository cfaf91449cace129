import { describe, expect, it } from 'vitest';
import { dayIntervals } from './technician-inputs.ts';

/**
 * Unavailabilities as the solver plans with them: seconds on Quebec's clock after local midnight,
 * as its slots and localTimeMs count them, not seconds elapsed since midnight (docs/decisions/0595).
 */
describe('dayIntervals', () => {
  const h = 3600;
  const ten = (date: string, offset: string) => ({ start: `${date}T10:00:00${offset}`, end: `${date}T12:00:00${offset}` });

  it('plans a 10:00-12:00 unavailability at 10:00-12:00 on an ordinary day, winter and summer', () => {
    expect(dayIntervals('2026-01-15', [ten('2026-01-15', '-05:00')])).toEqual([{ start: 10 * h, end: 12 * h }]);
    expect(dayIntervals('2026-07-15', [ten('2026-07-15', '-04:00')])).toEqual([{ start: 10 * h, end: 12 * h }]);
  });

  it('plans it at 10:00-12:00 on the spring-forward Sunday (2027-03-14), not 9:00-11:00', () => {
    expect(dayIntervals('2027-03-14', [ten('2027-03-14', '-04:00')])).toEqual([{ start: 10 * h, end: 12 * h }]);
  });

  it('plans it at 10:00-12:00 on the fall-back Sunday (2026-11-01), not 11:00-13:00', () => {
    expect(dayIntervals('2026-11-01', [ten('2026-11-01', '-05:00')])).toEqual([{ start: 10 * h, end: 12 * h }]);
  });

  it('clips to the day: from the previous evening, into the next morning, and the whole day is 0 to 24 h on the clock', () => {
    expect(dayIntervals('2027-03-14', [{ start: '2027-03-13T20:00:00-05:00', end: '2027-03-14T09:00:00-04:00' }])).toEqual([{ start: 0, end: 9 * h }]);
    expect(dayIntervals('2026-11-01', [{ start: '2026-11-01T22:00:00-05:00', end: '2026-11-02T08:00:00-05:00' }])).toEqual([{ start: 22 * h, end: 24 * h }]);
    for (const [date, next, offsets] of [
      ['2027-03-14', '2027-03-15', ['-05:00', '-04:00']],
      ['2026-11-01', '2026-11-02', ['-04:00', '-05:00']],
    ] as const) {
      expect(dayIntervals(date, [{ start: `${date}T00:00:00${offsets[0]}`, end: `${next}T00:00:00${offsets[1]}` }])).toEqual([{ start: 0, end: 24 * h }]);
    }
  });

  it('keeps the length of one inside the hour the fall repeats, whose clock end comes before its start', () => {
    // 01:45 EDT to 01:15 EST: 30 minutes, the clock going back from 1:45 to 1:15.
    expect(dayIntervals('2026-11-01', [{ start: '2026-11-01T01:45:00-04:00', end: '2026-11-01T01:15:00-05:00' }])).toEqual([{ start: 1.75 * h, end: 2.25 * h }]);
  });
});
