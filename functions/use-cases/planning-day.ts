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
 * shootings. Shootings assigned to a working technician stay with them (dispatch never moves
 * them); the requested ones that are unassigned, or held by a technician not working that day
 * (suspended, no longer a capture technician, no start point: the board's unassigned column,
 * docs/decisions/0595), are free for the solver; an unassigned shooting not requested keeps the
 * capacity its booking reserved.
 */
export interface PlanningDay {
  date: string;
  problem: DayProblem;
  /** Shooting id → item version read, for the conditional writes of the apply step. */
  versions: Record<string, number>;
  /**
   * The versions of the day's half-day guards when it was read: a write that takes a technician's
   * time on the strength of this reading commits only while they hold (ADR 0645).
   */
  guards: { am: number; pm: number };
  /** The requested shootings found unassigned on that day, or held by a technician not working it. */
  requested: number[];
  /**
   * Requested shootings held by a technician not working that day, as read (shooting id → item):
   * the dispatch's apply step takes them from that technician at the version read (ADR 0595).
   */
  stranded: Record<string, StoredShooting>;
  /**
   * Requested shootings the day cannot offer the solver, with the reason the dispatch answers:
   * assigned to a working technician, moved, cancelled or abandoned since the board was read
   * (changed_meanwhile), or with no known position (invalid). So every shooting counted in M of
   * 'N / M' is dispatched or has a reason.
   */
  leftOut: Array<{ shootingId: number; reason: 'changed_meanwhile' | 'invalid' }>;
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
  const [world, day, settings] = await Promise.all([loadWorld(), readDay(date, { consistent: true }), getPlanningSettings()]);
  const holders = new Set(day.shootings.map(holder).filter((id): id is number => id !== null));
  const technicians = await technicianInputs(world.technicians, date, day.locked, holders);
  const techIds = new Set(technicians.map((t) => t.id));
  const wanted = new Set(requestedIds);
  const where = await shootingPositions(day.shootings);
  const shootings: ShootingInput[] = [];
  const requested: number[] = [];
  const stranded: Record<string, StoredShooting> = {};
  const leftOut: PlanningDay['leftOut'] = [];
  for (const s of day.shootings) {
    const location = where.get(s.id);
    if (!location) {
      if (wanted.has(s.id)) leftOut.push({ shootingId: s.id, reason: 'invalid' });
      continue;
    }
    if (s.tech_id !== null && techIds.has(s.tech_id)) {
      shootings.push(shootingInput(s, location, world, { techId: s.tech_id, forceAssigned: true }));
      if (wanted.has(s.id)) leftOut.push({ shootingId: s.id, reason: 'changed_meanwhile' });
    } else if (wanted.has(s.id)) {
      shootings.push(shootingInput(s, location, world, null));
      requested.push(s.id);
      if (s.tech_id !== null) stranded[String(s.id)] = s;
    } else if (s.tech_id === null && s.reserved_tech_id !== null && techIds.has(s.reserved_tech_id)) {
      shootings.push(shootingInput(s, location, world, { techId: s.reserved_tech_id, forceAssigned: true }));
    }
  }
  const onDay = new Set(day.shootings.map((s) => s.id));
  for (const id of wanted) if (!onDay.has(id)) leftOut.push({ shootingId: id, reason: 'changed_meanwhile' });
  return {
    date,
    problem: { technicians, shootings, settings: { km: kmSettingsOf(settings), keepExisting: true } },
    versions: Object.fromEntries(day.shootings.map((s) => [String(s.id), s.version])),
    guards: { am: day.guards.am.version, pm: day.guards.pm.version },
    requested,
    stranded,
    leftOut,
    settings,
    assignedTo: Object.fromEntries(day.shootings.filter((s) => s.tech_id !== null && techIds.has(s.tech_id)).map((s) => [String(s.id), s.tech_id!])),
    commissions: Object.fromEntries(day.shootings.map((s) => [String(s.id), commissionsOf(settings, s)])),
    names: Object.fromEntries(world.technicians.map((t) => [String(t.user.id), { firstname: t.user.firstname, lastname: t.user.lastname }])),
  };
}
