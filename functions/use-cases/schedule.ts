import { CALENDAR_MESSAGES } from '#shared/catalogue/calendar.ts';
import { SCHEDULE_MESSAGES, type ReportRow, type ScheduleCard } from '#shared/catalogue/schedule.ts';
import type { UserRecord } from '#shared/entities/user.ts';
import { isAdminLevel, Role } from '#shared/roles.ts';
import { localSecondsOf } from '#shared/rules/business-time.ts';
import { DEFAULT_SHOOTING_MS, cardProgressOf, isCompletedForPlanner } from '#shared/rules/shooting-progress.ts';
import { slotWindow } from '#shared/rules/slots.ts';
import { forbidden, notFound } from '../plumbing/errors.ts';
import { listingsById } from '../storage/listings.ts';
import { isActive, shootingsOfDay, shootingsOfTechBetween, shootingView, type StoredShooting } from '../storage/shootings.ts';
import { activeUsersOfRole, getUser } from '../storage/users.ts';
import { shootTimes } from './shoot-times.ts';

/**
 * The technician's daily schedule and capture report (docs/decisions/0165, 0166): whose shootings
 * a caller reads, the day's cards, and the report's rows and totals (each card with its status and
 * shoot time, docs/decisions/0525).
 */

type Caller = { id: number; role: number };
type Person = Pick<UserRecord, 'id' | 'firstname' | 'lastname'>;
const personOf = (u: Person): Person => ({ id: u.id, firstname: u.firstname, lastname: u.lastname });

/**
 * The technician whose schedule or report the caller reads: their own when `techId` is left out
 * or is theirs; another one for administrators only (403 otherwise), and then an active capture
 * technician (404 otherwise), or a suspended one too with `suspendedToo` (the capture report of a
 * technician who left, for their last pay).
 */
export async function scheduleSubject(caller: Caller, techId: number | undefined, suspendedToo = false): Promise<Person> {
  const id = techId ?? caller.id;
  if (id !== caller.id && !isAdminLevel(caller.role)) throw forbidden(SCHEDULE_MESSAGES.ownOnly);
  const user = await getUser(id);
  if (!user) throw notFound(CALENDAR_MESSAGES.notATechnician);
  if (id !== caller.id && (user.role !== Role.tech_capture || (user.suspended && !suspendedToo))) throw notFound(CALENDAR_MESSAGES.notATechnician);
  return personOf(user);
}

/**
 * When in `date` a shooting happens, in seconds on Quebec's clock: a timed one at its start, an
 * untimed one at the start of its half-day (8:30 morning, 12:30 afternoon), so a 10:00 shooting
 * comes after a morning one and before an afternoon one. A start time that does not parse counts
 * as its half-day.
 */
function secondsInDay(s: Pick<StoredShooting, 'starttime' | 'am'>, date: string): number {
  return startSecondsOf(s, date) ?? slotWindow(s.am).start;
}

/** A timed shooting's start in seconds on Quebec's clock of `date`; null while untimed (or a start time that does not parse). */
export function startSecondsOf(s: Pick<StoredShooting, 'starttime'>, date: string): number | null {
  const start = s.starttime === null ? NaN : Date.parse(s.starttime);
  return Number.isNaN(start) ? null : localSecondsOf(date, start);
}

/** A day's cards in the order they happen (`secondsInDay`), then by id. */
export function byTimeOfDay(date: string): (a: Pick<StoredShooting, 'starttime' | 'am' | 'id'>, b: Pick<StoredShooting, 'starttime' | 'am' | 'id'>) => number {
  return (a, b) => secondsInDay(a, date) - secondsInDay(b, date) || a.id - b.id;
}

/** A day's active shootings: one technician's, or every one with a technician; in the order they happen. */
export async function activeShootingsOfDay(date: string, techId?: number): Promise<StoredShooting[]> {
  const shootings = techId === undefined ? (await shootingsOfDay(date)).filter((s) => s.tech_id !== null) : await shootingsOfTechBetween(techId, date, date);
  return shootings.filter((s) => isActive(s) && s.scheduleddate === date).sort(byTimeOfDay(date));
}

/** A day's active shootings as cards: one technician's, or (administrators, no technician named) every assigned one. */
export async function dayCards(caller: Caller, date: string, techId: number | undefined, now = Date.now()): Promise<ScheduleCard[]> {
  const everyone = techId === undefined && isAdminLevel(caller.role);
  const subject = everyone ? undefined : await scheduleSubject(caller, techId);
  const shootings = await activeShootingsOfDay(date, subject?.id);
  const technicians = new Map<number, Person>(subject ? [[subject.id, subject]] : (await activeUsersOfRole(Role.tech_capture)).map((u) => [u.id, personOf(u)]));
  const [listings, times] = await Promise.all([listingsById(shootings.map((s) => s.listing_id)), shootTimes(shootings)]);
  return shootings.map((s) => ({
    ...shootingView(s, listings.get(s.listing_id)),
    tech: s.tech_id === null ? null : (technicians.get(s.tech_id) ?? null),
    ping_time: s.ping_time,
    seasonal: s.seasonal,
    blue_hour: s.blue_hour,
    progress: cardProgressOf(s, now),
    shoot_time: times.get(s.id) ?? null,
  }));
}

export interface CaptureReport {
  count: number;
  total_capture_s: number;
  average_capture_s: number;
  total_distance_km: number;
  rows: ReportRow[];
}

/**
 * The capture report of a technician's shootings from `from` to `to`: each active shooting that was
 * captured, by its end time or by its state (the planner's reading: 1, 3, 4, 5, 9; a shooting
 * reviewed or delivered has no end time recorded when nothing on site recorded one), with a ping
 * time or a start time. It is timed from the ping (else the start) to the end, one hour when it has
 * no end time (part 2 §9), and the rows go by day and start (docs/decisions/0166, amended).
 */
export async function captureReport(techId: number, from: string, to: string): Promise<CaptureReport> {
  const captured = (await shootingsOfTechBetween(techId, from, to))
    .filter((s) => isActive(s) && s.scheduleddate >= from && s.scheduleddate <= to && (s.endtime !== null || isCompletedForPlanner(s.state)))
    .flatMap((s) => {
      const start = s.ping_time ?? s.starttime;
      const startMs = start ? Date.parse(start) : NaN;
      if (!start || !Number.isFinite(startMs)) return [];
      const recordedEnd = s.endtime ? Date.parse(s.endtime) : NaN;
      if (Number.isFinite(recordedEnd) && recordedEnd < startMs) return [];
      const endMs = Number.isFinite(recordedEnd) ? recordedEnd : startMs + DEFAULT_SHOOTING_MS;
      return [{ s, start, end: Number.isFinite(recordedEnd) ? s.endtime! : new Date(endMs).toISOString(), duration_s: Math.round((endMs - startMs) / 1000) }];
    })
    .sort((a, b) => a.start.localeCompare(b.start) || a.s.id - b.s.id);
  const listings = await listingsById(captured.map((c) => c.s.listing_id));
  const rows = captured.map(({ s, start, end, duration_s }): ReportRow => {
    const listing = listings.get(s.listing_id);
    return {
      id: s.id,
      address: listing?.address ?? '',
      app: listing?.app ?? '',
      city: listing?.city ?? '',
      scheduleddate: s.scheduleddate,
      start,
      end,
      duration_s,
      distance_km: Math.max(0, s.distance ?? 0),
    };
  });
  const total = rows.reduce((sum, r) => sum + r.duration_s, 0);
  const distance = rows.reduce((sum, r) => sum + r.distance_km, 0);
  return {
    count: rows.length,
    total_capture_s: total,
    average_capture_s: rows.length ? Math.round(total / rows.length) : 0,
    total_distance_km: Math.round(distance * 10) / 10,
    rows,
  };
}
