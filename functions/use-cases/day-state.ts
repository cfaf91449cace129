import { readGuard, type HalfDayGuard } from '../storage/half-day.ts';
import { lockedTechnicians } from '../storage/day-locks.ts';
import { isActive, shootingsByIds, shootingsOfDay, type StoredShooting } from '../storage/shootings.ts';

/**
 * One day as the booking, the planner and the dispatch read it: its half-day guards, its active
 * shootings and its locked technicians.
 */
export interface DayState {
  date: string;
  guards: { am: HalfDayGuard; pm: HalfDayGuard };
  shootings: StoredShooting[];
  locked: Set<number>;
}

/**
 * The day's active shootings: the day index (ACCESS.shootingsByDay) plus any shooting the guards list that the
 * index does not show yet (indexes are eventually consistent; guards are read consistently).
 */
export async function readDay(date: string): Promise<DayState> {
  const [am, pm, indexed, locked] = await Promise.all([readGuard(date, true), readGuard(date, false), shootingsOfDay(date), lockedTechnicians(date)]);
  const known = new Set(indexed.map((s) => s.id));
  const missing = [...am.shooting_ids, ...pm.shooting_ids].filter((id) => !known.has(id));
  const extra = missing.length ? await shootingsByIds(missing) : [];
  const all = [...indexed.filter((s) => !missing.includes(s.id)), ...extra];
  return { date, guards: { am, pm }, shootings: all.filter((s) => s.scheduleddate === date && isActive(s)), locked };
}

/** The technician whose time a shooting takes: its assigned technician, else the one its booking reserved. */
export function holder(s: Pick<StoredShooting, 'tech_id' | 'reserved_tech_id'>): number | null {
  return s.tech_id ?? s.reserved_tech_id;
}
