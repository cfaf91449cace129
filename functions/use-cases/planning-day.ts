import type { DayProblem, ShootingInput } from '#shared/planning/index.ts';
import { commissionsOf, getPlanningSettings, kmSettingsOf, type PlanningSettingsRecord } from '../storage/planning-settings.ts';
import { shootingPositions, type StoredShooting } from '../storage/shootings.ts';
import { photoshootZonesAt } from '../storage/zones.ts';
import { holder, readDay } from './day-state.ts';
import { loadWorld, requiredOffers, type PlanningWorld } from './planning-world.ts';
import { technicianInputs } from './technician-inputs.ts';

/**
 * One day as the planner and the dispatch see it: every capture technician who can start a
 * route (home or depot known), their unavailabilities and day locks, and the day's active
 * shootings. Assigned shootings stay with their technician (dispatch never moves them); the
 * requested unassigned ones are free for the solver; an unassigned shooting not requested keeps
 * the capacity its booking reserved.
 */
export interface PlanningDay {
  date: string;
  problem: DayProblem;
  /** Shooting id → item version read, for the conditional writes of the apply step. */
  versions: Record<string, number>;
  /** The requested shootings found unassigned on that day. */
  requested: number[];
  settings: PlanningSettingsRecord;
  /** Shooting id → the technician it is assigned to (reservations of bookings excluded). */
  assignedTo: Record<string, number>;
  /** Shooting id → commissions its technician earns (part 2 §9 technician cost). */
  commissions: Record<string, { packages: number; offers: number }>;
  /** Technician id → names, for the planner's cards. */
  names: Record<string, { firstname: string; lastname: string }>;
}

export function shootingInput(s: StoredShooting, location: { lat: number; lng: number }, world: PlanningWorld, current: ShootingInput['current']): ShootingInput {
  return {
    id: s.id,
    location,
    zoneIds: photoshootZonesAt(location, world.zones),
    am: s.am,
    durationS: s.estimated_duration,
    requires: { serviceOffers: requiredOffers(s.only_360), shootingPackages: s.shooting_package_id === null ? [] : [s.shooting_package_id] },
    current,
  };
}

export async function loadPlanningDay(date: string, requestedIds: readonly number[] = []): Promise<PlanningDay> {
  const [world, day, settings] = await Promise.all([loadWorld(), readDay(date), getPlanningSettings()]);
  const holders = new Set(day.shootings.map(holder).filter((id): id is number => id !== null));
  const technicians = await technicianInputs(world.technicians, date, day.locked, holders);
  const techIds = new Set(technicians.map((t) => t.id));
  const wanted = new Set(requestedIds);
  const where = await shootingPositions(day.shootings);
  const shootings: ShootingInput[] = [];
  const requested: number[] = [];
  for (const s of day.shootings) {
    const location = where.get(s.id);
    if (!location) continue;
    if (s.tech_id !== null) {
      if (techIds.has(s.tech_id)) shootings.push(shootingInput(s, location, world, { techId: s.tech_id, forceAssigned: true }));
    } else if (wanted.has(s.id)) {
      shootings.push(shootingInput(s, location, world, null));
      requested.push(s.id);
    } else if (s.reserved_tech_id !== null && techIds.has(s.reserved_tech_id)) {
      shootings.push(shootingInput(s, location, world, { techId: s.reserved_tech_id, forceAssigned: true }));
    }
  }
  return {
    date,
    problem: { technicians, shootings, settings: { km: kmSettingsOf(settings), keepExisting: true } },
    versions: Object.fromEntries(day.shootings.map((s) => [String(s.id), s.version])),
    requested,
    settings,
    assignedTo: Object.fromEntries(day.shootings.filter((s) => s.tech_id !== null && techIds.has(s.tech_id)).map((s) => [String(s.id), s.tech_id!])),
    commissions: Object.fromEntries(day.shootings.map((s) => [String(s.id), commissionsOf(settings, s)])),
    names: Object.fromEntries(world.technicians.map((t) => [String(t.user.id), { firstname: t.user.firstname, lastname: t.user.lastname }])),
  };
}
