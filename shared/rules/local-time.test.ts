import { describe, expect, it } from 'vitest';
import { localTimeMs } from './business-time.ts';

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
