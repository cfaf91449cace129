import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs, halfDayStarted, localClockOf, localOffsetMinutesAt, localSecondsOf, localTimeMs } from './business-time.ts';

describe('the instant of a local time of day (the planner\'s seconds after midnight)', () => {
  it('is that wall-clock time in Quebec, winter (UTC−5) and summer (UTC−4)', () => {
    expect(new Date(localTimeMs('2026-01-15', 9 * 3600 + 30 * 60)).toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(new Date(localTimeMs('2026-07-15', 9 * 3600 + 30 * 60)).toISOString()).toBe('2026-07-15T13:30:00.000Z');
  });

  it('stays on the wall clock on the days the clocks change (not midnight plus the seconds)', () => {
    // 8 March 2026: 02:00 becomes 03:00; 1 November 2026: 02:00 becomes 01:00.
    expect(new Date(localTimeMs('2026-03-08', 8 * 3600)).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(new Date(localTimeMs('2026-11-01', 8 * 3600)).toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });
});

describe('the local time of day of an instant (localSecondsOf, the inverse of localTimeMs)', () => {
  const h = 3600;
  it('reads the wall clock on an ordinary day, winter and summer', () => {
    expect(localSecondsOf('2026-01-15', Date.parse('2026-01-15T15:00:00Z'))).toBe(10 * h);
    expect(localSecondsOf('2026-07-15', Date.parse('2026-07-15T14:00:00Z'))).toBe(10 * h);
    expect(localSecondsOf('2026-07-15', Date.parse('2026-07-15T14:30:15.500Z'))).toBe(10 * h + 30 * 60 + 15.5);
  });

  it('reads 10:00 as 10 hours on the spring-forward Sunday (9 hours elapsed) and the fall-back one (11 elapsed)', () => {
    // 14 March 2027: 02:00 becomes 03:00 (UTC−5 → UTC−4); 1 November 2026: 02:00 becomes 01:00 (UTC−4 → UTC−5).
    const spring = Date.parse('2027-03-14T14:00:00Z');
    expect((spring - dayStartMs('2027-03-14')) / 1000).toBe(9 * h);
    expect(localSecondsOf('2027-03-14', spring)).toBe(10 * h);
    expect(localSecondsOf('2027-03-14', Date.parse('2027-03-14T16:00:00Z'))).toBe(12 * h);
    const fall = Date.parse('2026-11-01T15:00:00Z');
    expect((fall - dayStartMs('2026-11-01')) / 1000).toBe(11 * h);
    expect(localSecondsOf('2026-11-01', fall)).toBe(10 * h);
    expect(localSecondsOf('2026-11-01', Date.parse('2026-11-01T17:00:00Z'))).toBe(12 * h);
  });

  it('undoes localTimeMs, and counts from the day: 0 at its midnight, 24 h at the next, negative before', () => {
    for (const date of ['2026-01-15', '2027-03-14', '2026-11-01']) {
      for (const s of [0, 8.5 * h, 10 * h, 17 * h]) expect(localSecondsOf(date, localTimeMs(date, s))).toBe(s);
      expect(localSecondsOf(date, dayStartMs(date))).toBe(0);
      expect(localSecondsOf(date, dayStartMs(addDays(date, 1)))).toBe(24 * h);
      expect(localSecondsOf(date, dayStartMs(date) - h * 1000)).toBe(-h);
    }
  });
});

describe('whether a half-day has started (no booking into the past)', () => {
  it('starts the morning at 8:30 and the afternoon at 12:30 on the clock', () => {
    expect(halfDayStarted('2026-12-08', true, Date.parse('2026-12-08T13:29:59Z'))).toBe(false);
    expect(halfDayStarted('2026-12-08', true, Date.parse('2026-12-08T13:30:00Z'))).toBe(true);
    expect(halfDayStarted('2026-12-08', false, Date.parse('2026-12-08T17:29:59Z'))).toBe(false);
  });

  it('on the clock-change days too: 8:30 EDT on the spring-forward Sunday, 12:30 EST on the fall-back Sunday', () => {
    // 2027-03-14: the clocks go forward at 2:00, 8:30 is 12:30 UTC (not 13:30).
    expect(halfDayStarted('2027-03-14', true, Date.parse('2027-03-14T12:30:00Z'))).toBe(true);
    expect(halfDayStarted('2027-03-14', true, Date.parse('2027-03-14T12:29:59Z'))).toBe(false);
    // 2026-11-01: back to EST at 2:00, 12:30 is 17:30 UTC (not 16:30).
    expect(halfDayStarted('2026-11-01', false, Date.parse('2026-11-01T16:30:00Z'))).toBe(false);
    expect(halfDayStarted('2026-11-01', false, Date.parse('2026-11-01T17:30:00Z'))).toBe(true);
  });
});

describe("Quebec's clock as the calendar reads it (localClockOf, localOffsetMinutesAt)", () => {
  it('reads an instant on the wall clock, winter and summer', () => {
    expect(localClockOf(Date.parse('2026-01-15T14:30:05.250Z'))).toEqual([2026, 0, 15, 9, 30, 5, 250]);
    expect(localClockOf(Date.parse('2026-07-15T03:30:00Z'))).toEqual([2026, 6, 14, 23, 30, 0, 0]);
  });

  it('gives the offset of a wall-clock reading, across the changes of the clocks', () => {
    expect(localOffsetMinutesAt([2026, 0, 15, 9, 30])).toBe(-300);
    expect(localOffsetMinutesAt([2026, 6, 15, 9, 30])).toBe(-240);
    // 8 March 2026: 01:59 is still winter, 03:00 summer; 1 November 2026: 00:30 summer, 03:00 winter.
    expect(localOffsetMinutesAt([2026, 2, 8, 1, 59])).toBe(-300);
    expect(localOffsetMinutesAt([2026, 2, 8, 3, 0])).toBe(-240);
    expect(localOffsetMinutesAt([2026, 10, 1, 0, 30])).toBe(-240);
    expect(localOffsetMinutesAt([2026, 10, 1, 3, 0])).toBe(-300);
  });

  it('round-trips: a reading and its offset give back the instant', () => {
    for (const iso of ['2026-01-15T14:30:00Z', '2026-07-15T13:30:00Z', '2026-03-08T12:00:00Z', '2026-11-01T13:00:00Z']) {
      const ms = Date.parse(iso);
      const clock = localClockOf(ms);
      const [y, mo, d, h, mi, s, msPart] = clock as [number, number, number, number, number, number, number];
      expect(Date.UTC(y, mo, d, h, mi, s, msPart) - localOffsetMinutesAt(clock) * 60_000).toBe(ms);
    }
  });
});
