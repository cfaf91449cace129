import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../rules/business-time.ts';
import { calendarDate, dateTime, dayInput, epochMs } from './dates.ts';

describe('calendar dates', () => {
  it('accepts real days within the range', () => {
    for (const d of ['2026-02-28', '2028-02-29', '2000-01-01', '2099-12-31']) expect(isCalendarDate(d)).toBe(true);
    expect(calendarDate.parse(' 2026-05-04 ')).toBe('2026-05-04');
  });

  it('refuses days that do not exist, other shapes and days out of range', () => {
    for (const d of ['2026-02-30', '2027-02-29', '9999-99-99', '2026-13-01', '2026-00-10', '2026-1-5', '1999-12-31', '2100-01-01', '9999-12-31', '', '2026-05-04T00:00:00Z'])
      expect(isCalendarDate(d), d).toBe(false);
    expect(calendarDate.safeParse('2026-02-30').success).toBe(false);
    expect(calendarDate.safeParse(20260504).success).toBe(false);
  });
});

describe('instants', () => {
  it('bounds epoch milliseconds', () => {
    expect(epochMs.safeParse(Date.parse('2026-05-04T04:00:00Z')).success).toBe(true);
    for (const v of [9_000_000_000_000_000, -1, 8.64e15 + 1, 1.5, Number.MAX_SAFE_INTEGER]) expect(epochMs.safeParse(v).success, String(v)).toBe(false);
  });

  it('reads ISO date-times with an offset within the range', () => {
    expect(dateTime.safeParse('2026-05-04T09:30:00-04:00').success).toBe(true);
    expect(dateTime.safeParse('2026-05-04T09:30:00Z').success).toBe(true);
    for (const v of ['2026-05-04T09:30:00', '9999-12-31T00:00:00Z', '2026-02-30T00:00:00Z', '+275760-09-13T00:00:00Z', 'now'])
      expect(dateTime.safeParse(v).success, v).toBe(false);
  });
});

describe('dayInput', () => {
  it('normalises a timestamp, a date or a date-time to the Quebec day', () => {
    expect(dayInput.parse(Date.parse('2026-05-04T04:00:00Z'))).toBe('2026-05-04');
    expect(dayInput.parse('2026-05-04')).toBe('2026-05-04');
    expect(dayInput.parse('2026-11-23T03:30:00Z')).toBe('2026-11-22');
  });

  it('answers an issue, never throws, for anything else', () => {
    for (const v of [9_000_000_000_000_000, -5, 0.5, '9999-12-31T00:00:00Z', '2026-02-30', '9999-99-99', 'soon', null, [], {}, true, '2026-05-04junk'])
      expect(dayInput.safeParse(v).success, JSON.stringify(v)).toBe(false);
  });
});
