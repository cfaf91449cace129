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
 *
 * `consistent` (every write that checks a technician's day before it commits: a booking, a manual
 * assignment, the dispatch): every shooting the index or the guards name is read again consistently,
 * since a shooting the index already shows can still show its technician before the last change of
 * it (a drop a moment ago), and a check on that would fit a second shooting into time already taken.
 */
export async function readDay(date: string, options: { consistent?: boolean } = {}): Promise<DayState> {
  const [am, pm, indexed, locked] = await Promise.all([readGuard(date, true), readGuard(date, false), shootingsOfDay(date), lockedTechnicians(date)]);
  const all = options.consistent
    ? await shootingsByIds([...indexed.map((s) => s.id), ...am.shooting_ids, ...pm.shooting_ids])
    : await completedByGuards(indexed, [...am.shooting_ids, ...pm.shooting_ids]);
  return { date, guards: { am, pm }, shootings: all.filter((s) => s.scheduleddate === date && isActive(s)), locked };
}

async function completedByGuards(indexed: StoredShooting[], listed: number[]): Promise<StoredShooting[]> {
  const known = new Set(indexed.map((s) => s.id));
  const missing = listed.filter((id) => !known.has(id));
  return missing.length ? [...indexed, ...(await shootingsByIds(missing))] : indexed;
}

/** The technician whose time a shooting takes: its assigned technician, else the one its booking reserved. */
export function holder(s: Pick<StoredShooting, 'tech_id' | 'reserved_tech_id'>): number | null {
  return s.tech_id ?? s.reserved_tech_id;
}
