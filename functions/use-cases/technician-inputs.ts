import type { TechnicianInput } from '#shared/planning/index.ts';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { unavailabilitiesOf } from '../storage/unavailabilities.ts';
import type { Technician } from './planning-world.ts';

const DAY_S = 24 * 3600;

/**
 * Technicians as the solver takes them for one day: those who can start a route (home or depot
 * known), with their unavailabilities clipped to the day, their day lock, skills and zones.
 */
export async function technicianInputs(technicians: readonly Technician[], date: string, locked: ReadonlySet<number>): Promise<TechnicianInput[]> {
  const withStart = technicians.filter((t) => t.start);
  const start = dayStartMs(date);
  const from = new Date(start).toISOString();
  const to = new Date(start + DAY_S * 1000).toISOString();
  const unavailable = await Promise.all(withStart.map((t) => unavailabilitiesOf(t.user.id, from, to)));
  return withStart.map((t, i) => ({
    id: t.user.id,
    start: t.start!,
    unavailabilities: unavailable[i]!.map((u) => ({
      start: Math.max(0, (Date.parse(u.start) - start) / 1000),
      end: Math.min(DAY_S, (Date.parse(u.end) - start) / 1000),
    })),
    dayLocked: locked.has(t.user.id),
    skills: { serviceOffers: t.user.service_offers, shootingPackages: t.user.shooting_packages },
    mainZoneId: t.user.zone_id,
    backupZoneIds: t.user.backupZones,
  }));
}
