import { describe, expect, it } from 'vitest';
import { unavailabilityOfSelection } from './calendar.ts';

describe('unavailabilityOfSelection (part 2 §5 Calendar)', () => {
  it('answers UTC instants with seconds and milliseconds zeroed', () => {
    expect(unavailabilityOfSelection('2026-06-10T10:15:42.123-04:00', '2026-06-10T11:30:59-04:00')).toEqual({ start: '2026-06-10T14:15:00.000Z', end: '2026-06-10T15:30:00.000Z' });
  });

  it('adds 30 minutes to the end of a selection starting at 7 h, Quebec clock (summer and winter)', () => {
    expect(unavailabilityOfSelection('2026-06-10T07:00:00-04:00', '2026-06-10T09:00:00-04:00').end).toBe('2026-06-10T13:30:00.000Z');
    expect(unavailabilityOfSelection('2026-01-14T07:45:00-05:00', '2026-01-14T08:00:00-05:00').end).toBe('2026-01-14T13:30:00.000Z');
    expect(unavailabilityOfSelection('2026-06-10T06:45:00-04:00', '2026-06-10T09:00:00-04:00').end).toBe('2026-06-10T13:00:00.000Z');
    expect(unavailabilityOfSelection('2026-06-10T08:00:00-04:00', '2026-06-10T09:00:00-04:00').end).toBe('2026-06-10T13:00:00.000Z');
  });
});
