/**
 * Booking half-day slots, part 1 sections 2.5 and 9: AM is 8h30 to 12h30, PM is 12h30 to 17h00.
 * Times are seconds since local midnight of the shooting's day. The technician must ARRIVE
 * (start the shooting) inside the window; the shooting itself may run past the window's end
 * as long as it ends within the technician's working hours (docs/decisions/0031).
 */
export type HalfDay = 'am' | 'pm';

export const SLOT_HOURS = {
  am: { start: 8 * 3600 + 30 * 60, end: 12 * 3600 + 30 * 60 },
  pm: { start: 12 * 3600 + 30 * 60, end: 17 * 3600 },
} as const satisfies Record<HalfDay, { start: number; end: number }>;

/** The half-day window [start, end] (seconds since midnight) for a slot. */
export function slotWindow(isAm: boolean): { start: number; end: number } {
  return isAm ? SLOT_HOURS.am : SLOT_HOURS.pm;
}

/** 'HhMM' label of a second-of-day count, e.g. 30600 → '8h30'. */
export function formatSlotTime(secondsOfDay: number): string {
  const h = Math.floor(secondsOfDay / 3600);
  const m = Math.floor((secondsOfDay % 3600) / 60);
  return `${h}h${String(m).padStart(2, '0')}`;
}
