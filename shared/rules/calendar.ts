import { localHourOf } from './business-time.ts';

/**
 * The technician calendar's time-selection rules (part 2 §5 'Calendar'): an unavailability made
 * from a selection is kept in UTC with seconds zeroed, and a selection that starts at hour 7
 * (Quebec clock) ends 30 minutes later than selected. The server applies them to every
 * createUserUnavailability (docs/decisions/0156), so every client gets the same interval.
 */
export const SEVEN_O_CLOCK_EXTRA_MS = 30 * 60_000;

const toMinute = (ms: number) => ms - (((ms % 60_000) + 60_000) % 60_000);

export function unavailabilityOfSelection(startIso: string, endIso: string): { start: string; end: string } {
  const start = toMinute(Date.parse(startIso));
  const end = toMinute(Date.parse(endIso)) + (localHourOf(start) === 7 ? SEVEN_O_CLOCK_EXTRA_MS : 0);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}
