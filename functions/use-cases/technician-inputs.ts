import type { TechnicianInput } from '#shared/planning/index.ts';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { availableOn } from '../storage/availabilities.ts';
import { unavailabilitiesOf, type Unavailability } from '../storage/unavailabilities.ts';
import type { Technician } from './planning-world.ts';

const DAY_S = 24 * 3600;

/**
 * Technicians as the solver takes them for one day: those who can start a route (home or depot
 * known) and have an availability recorded for the day (docs/decisions/0155), with their
 * unavailabilities clipped to the day, their day lock, skills and zones. A technician without an
 * availability who still holds shootings of the day (`holders`: assigned before the availability
 * was removed) stays, unavailable all day: they keep what they hold and their planner card, and
 * take nothing new.
 */
export async function technicianInputs(technicians: readonly Technician[], date: string, locked: ReadonlySet<number>, holders: ReadonlySet<number> = new Set()): Promise<TechnicianInput[]> {
  const { working, available, unavailable } = await workingTechnicians(technicians, date, holders);
  const start = dayStartMs(date);
  return working.map((t, i) => ({
    id: t.user.id,
    start: t.start!,
    unavailabilities: available.has(t.user.id)
      ? unavailable[i]!.map((u) => ({
          start: Math.max(0, (Date.parse(u.start) - start) / 1000),
          end: Math.min(DAY_S, (Date.parse(u.end) - start) / 1000),
        }))
      : [{ start: 0, end: DAY_S }],
    dayLocked: locked.has(t.user.id),
    skills: { serviceOffers: t.user.service_offers, shootingPackages: t.user.shooting_packages },
    mainZoneId: t.user.zone_id,
    backupZoneIds: t.user.backupZones,
  }));
}

/**
 * The technicians working a day (see technicianInputs), which of them have an availability, and
 * each one's unavailabilities overlapping the day (the planner's cards show them as recorded).
 */
export async function workingTechnicians(technicians: readonly Technician[], date: string, holders: ReadonlySet<number> = new Set()) {
  const withStart = technicians.filter((t) => t.start);
  const available = await availableOn(
    date,
    withStart.map((t) => t.user.id),
  );
  const working = withStart.filter((t) => available.has(t.user.id) || holders.has(t.user.id));
  const start = dayStartMs(date);
  const from = new Date(start).toISOString();
  const to = new Date(start + DAY_S * 1000).toISOString();
  const unavailable: Unavailability[][] = await Promise.all(working.map((t) => (available.has(t.user.id) ? unavailabilitiesOf(t.user.id, from, to) : [])));
  return { working, available, unavailable };
}
