import type { PlannerShooting, ScheduledTech } from '#shared/catalogue/planner.ts';
import { ShootingState } from '#shared/enums.ts';
import { depotsById } from '../storage/depots.ts';
import { shootingsOfListings, shootingViews, type StoredShooting } from '../storage/shootings.ts';
import { holder, readDay } from './day-state.ts';
import { captureTechnicians } from './planning-world.ts';
import { workingTechnicians } from './technician-inputs.ts';

/** Part 2 §4: shootings in these states are left out when counting a listing's reshoots. */
const NOT_COUNTED_AS_SHOT: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.recommended]);

export interface PlannerBoard {
  date: string;
  shootings: PlannerShooting[];
  scheduledTechs: ScheduledTech[];
}

/**
 * The planner's board of a day (dailyShootingActivity): the day's active shootings with what
 * their cards show, and the technicians working that day (an availability recorded, or holding a
 * shooting of it: the same rule as the dispatch, technician-inputs.ts) with home, depot,
 * unavailabilities and day lock.
 */
export async function plannerBoard(date: string): Promise<PlannerBoard> {
  const [technicians, day] = await Promise.all([captureTechnicians(), readDay(date)]);
  const holders = new Set(day.shootings.map(holder).filter((id): id is number => id !== null));
  const [{ working, unavailable }, views, ordinals, depots] = await Promise.all([
    workingTechnicians(technicians, date, holders),
    shootingViews(day.shootings),
    reshootOrdinals(day.shootings),
    depotsById(technicians.map((t) => t.user.depot_id).filter((id): id is number => id !== null)),
  ]);
  const shootings = day.shootings.map((s, i): PlannerShooting => {
    const ordinal = ordinals.get(s.id) ?? { count: 1, index: 1 };
    return {
      ...views[i]!,
      tech_id: s.tech_id,
      force_assigned: s.force_assigned,
      seasonal: s.seasonal,
      blue_hour: s.blue_hour,
      ping_time: s.ping_time,
      billable: s.billable,
      reshoot: ordinal.count > 1,
      reshootIndex: ordinal.index,
      distance: s.distance,
      transit_time: s.transit_time,
      version: s.version,
    };
  });
  const scheduledTechs = working.map((t, i): ScheduledTech => {
    const depot = t.user.depot_id !== null ? depots.get(t.user.depot_id) : undefined;
    return {
      id: t.user.id,
      firstname: t.user.firstname,
      lastname: t.user.lastname,
      picture_url: t.user.picture_url,
      freelance: t.user.freelance,
      home: t.user.home,
      depot: depot ? { id: depot.id, civic_number: depot.civic_number, street: depot.street, city: depot.city, lat: depot.lat, lng: depot.lng } : null,
      unavailabilities: unavailable[i]!.map((u) => ({ id: u.id, start: u.start, end: u.end, summary: u.summary })),
      userServiceOffers: t.user.service_offers,
      userShootingPackages: t.user.shooting_packages,
      locked: day.locked.has(t.user.id),
    };
  });
  return { date, shootings, scheduledTechs };
}

/**
 * Per shooting of the day: how many shootings its listing has (states 10 and 12 left out) and its
 * place among them, by date then id. One query per listing of the day (its own shootings only, ADR 0685).
 */
async function reshootOrdinals(shootings: readonly StoredShooting[]): Promise<Map<number, { count: number; index: number }>> {
  const all = await shootingsOfListings(shootings.map((s) => s.listing_id));
  const byListing = new Map<number, StoredShooting[]>();
  for (const s of all) {
    if (NOT_COUNTED_AS_SHOT.has(s.state)) continue;
    byListing.set(s.listing_id, [...(byListing.get(s.listing_id) ?? []), s]);
  }
  const out = new Map<number, { count: number; index: number }>();
  for (const list of byListing.values()) {
    list.sort((a, b) => a.scheduleddate.localeCompare(b.scheduleddate) || a.id - b.id);
    list.forEach((s, i) => out.set(s.id, { count: list.length, index: i + 1 }));
  }
  return out;
}
