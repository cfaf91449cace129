import { ShootingState } from '../enums.ts';
import { daysBetween } from './business-time.ts';

/**
 * What the planner's shooting cards read from a shooting (part 2 §4, §9): completion (two
 * readings), progress, the time it takes (1 hour when it has no end), overlaps, and the
 * post-production elapsed-days colour.
 */

/** Part 2 §4, planner reading: completed in states 1, 3, 4, 5, 9. */
const COMPLETED_FOR_PLANNER: ReadonlySet<number> = new Set([ShootingState.captured, ShootingState.retouch, ShootingState.processed, ShootingState.uploaded, ShootingState.completed]);
export const isCompletedForPlanner = (state: number) => COMPLETED_FOR_PLANNER.has(state);
/** Part 2 §4, technician report card reading: completed when the state is not 0. */
export const isCompletedForReport = (state: number) => state !== ShootingState.created;

/**
 * States of a shooting nobody has started taking (booked, confirmed, pending, awaiting confirmation,
 * recommended): it still goes to its address, so it needs its point and a zone. Not cancelled or
 * abandoned, not on site, not captured or after.
 */
const NOT_STARTED: ReadonlySet<number> = new Set([ShootingState.created, ShootingState.confirmed, ShootingState.unconfirmed, ShootingState.confirmation_required, ShootingState.recommended]);
export const isNotStarted = (state: number) => NOT_STARTED.has(state);

/** Part 2 §9: default shooting duration estimate when there is no end time. */
export const DEFAULT_SHOOTING_MS = 60 * 60 * 1000;

interface Timed {
  starttime: string | null;
  endtime: string | null;
}

/** The time a shooting takes: start to end, or one hour from its start; undefined when it has no start time. */
export function shootingInterval(s: Timed): { start: number; end: number } | undefined {
  if (!s.starttime) return undefined;
  const start = Date.parse(s.starttime);
  if (!Number.isFinite(start)) return undefined;
  const end = s.endtime ? Date.parse(s.endtime) : NaN;
  return { start, end: Number.isFinite(end) && end > start ? end : start + DEFAULT_SHOOTING_MS };
}

/** Whether two timed shootings overlap (untimed ones never do). */
export function shootingsOverlap(a: Timed, b: Timed): boolean {
  const x = shootingInterval(a);
  const y = shootingInterval(b);
  return !!x && !!y && x.start < y.end && y.start < x.end;
}

export type Progress = 'completed' | 'in_progress' | 'planned';

/**
 * Part 2 §4, the status on a shooting's card: the planner's, the technician's schedule and the
 * shooting dashboard's (docs/decisions/0525): 'completed' in the planner's reading (states 1, 3, 4, 5, 9) or once its end
 * time has passed (one hour after its start when it has none, §9: nothing records the end of a
 * shooting the planner confirmed, so it would otherwise read 'in progress' for ever); otherwise
 * 'in progress' once started (state 8, a ping time, or its start time passed: a confirmed shooting's
 * start time is the planned one, ADR 0540), 'planned' before. Not the report card's reading (state
 * not 0): a booking is state 7 from the start, so every booked shooting would read 'completed'
 * before it is shot.
 */
export function cardProgressOf(s: Timed & { state: number; ping_time: string | null }, now: number): Progress {
  const passed = (iso: string | null) => iso !== null && Date.parse(iso) <= now;
  const interval = shootingInterval(s);
  if (isCompletedForPlanner(s.state) || passed(s.endtime) || (interval !== undefined && interval.end <= now)) return 'completed';
  return s.state === ShootingState.inprogress || s.ping_time !== null || passed(s.starttime) ? 'in_progress' : 'planned';
}

/** Days since the shooting's day (0 on the day, negative before it). */
export const elapsedDays = (scheduleddate: string, today: string) => daysBetween(scheduleddate, today);

/** Part 2 §4, §9: up to 2 days green, 3–4 orange, 5 or more dark red. */
export function elapsedColour(days: number): 'green' | 'orange' | 'red' {
  return days <= 2 ? 'green' : days <= 4 ? 'orange' : 'red';
}
