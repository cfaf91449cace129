import { NO_AVAILABILITY_ID } from '#shared/catalogue/planner.ts';
import type { Interval, TechnicianInput } from '#shared/planning/index.ts';
import { addDays, dayStartMs, localSecondsOf } from '#shared/rules/business-time.ts';
import { availableOn } from '../storage/availabilities.ts';
import { unavailabilitiesOf, type Unavailability } from '../storage/unavailabilities.ts';
import type { Technician } from './planning-world.ts';

/** A day on the clock, in the solver's seconds after local midnight (23 or 25 hours elapse on the days the clocks change). */
const DAY_S = 24 * 3600;

/** The summary of a working technician's whole-day unavailability (NO_AVAILABILITY_ID), for readers that do not translate it. */
export const NO_AVAILABILITY_SUMMARY = 'Aucune disponibilité inscrite pour cette journée.';

/**
 * Technicians as the solver takes them for one day: those who can start a route (home or depot
 * known) and have an availability recorded for the day (docs/decisions/0155), with their
 * unavailabilities clipped to the day, their day lock, skills and zones. A technician without an
 * availability who still holds shootings of the day (`holders`: assigned before the availability
 * was removed) stays, unavailable all day: they keep what they hold and their planner card, and
 * take nothing new.
 */
export async function technicianInputs(technicians: readonly Technician[], date: string, locked: ReadonlySet<number>, holders: ReadonlySet<number> = new Set()): Promise<TechnicianInput[]> {
  const { working, unavailable } = await workingTechnicians(technicians, date, holders);
  return working.map((t, i) => ({
    id: t.user.id,
    start: t.start!,
    unavailabilities: dayIntervals(date, unavailable[i]!),
    dayLocked: locked.has(t.user.id),
    skills: { serviceOffers: t.user.service_offers, shootingPackages: t.user.shooting_packages },
    mainZoneId: t.user.zone_id,
    backupZoneIds: t.user.backupZones,
  }));
}

/**
 * Unavailabilities (instants) as the solver plans with them: seconds on Quebec's clock after local
 * midnight of `date`, as its slots and times are (localTimeMs turns them back), clipped to the day.
 * On the days the clocks change, 10:00 is 10 hours after midnight on the clock, not 9 or 11
 * elapsed (docs/decisions/0595). One that ends before it starts on the clock (inside the hour
 * that repeats in the fall) keeps its length.
 */
export function dayIntervals(date: string, unavailabilities: ReadonlyArray<Pick<Unavailability, 'start' | 'end'>>): Interval[] {
  return unavailabilities.map((u) => {
    const [from, to] = [Date.parse(u.start), Date.parse(u.end)];
    const start = localSecondsOf(date, from);
    const end = Math.max(localSecondsOf(date, to), start + (to - from) / 1000);
    const clipped = Math.min(DAY_S, Math.max(0, start));
    return { start: clipped, end: Math.max(clipped, Math.min(DAY_S, end)) };
  });
}

/**
 * The technicians working a day (see technicianInputs), which of them have an availability, and
 * each one's unavailabilities overlapping the day: as recorded, and for a technician working
 * without an availability (they hold a shooting of the day) one for the whole day
 * (NO_AVAILABILITY_ID), so the planner's cards and drop zones show what the solver plans with.
 */
export async function workingTechnicians(technicians: readonly Technician[], date: string, holders: ReadonlySet<number> = new Set()) {
  const withStart = technicians.filter((t) => t.start);
  const available = await availableOn(
    date,
    withStart.map((t) => t.user.id),
  );
  const working = withStart.filter((t) => available.has(t.user.id) || holders.has(t.user.id));
  const from = new Date(dayStartMs(date)).toISOString();
  const to = new Date(dayStartMs(addDays(date, 1))).toISOString();
  const unavailable: Unavailability[][] = await Promise.all(
    working.map(async (t) => (available.has(t.user.id) ? unavailabilitiesOf(t.user.id, from, to) : [{ id: NO_AVAILABILITY_ID, user_id: t.user.id, start: from, end: to, summary: NO_AVAILABILITY_SUMMARY }])),
  );
  return { working, available, unavailable };
}
