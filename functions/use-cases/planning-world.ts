import type { UserRecord } from '#shared/entities/user.ts';
import type { ZoneRecord } from '#shared/entities/zone.ts';
import { requiredOffers } from '#shared/rules/booking-offers.ts';
import type { CandidateShooting, LatLng } from '#shared/planning/index.ts';
import { Role } from '#shared/roles.ts';
import { estimateServiceTime } from '#shared/rules/service-time.ts';
import { depotsById } from '../storage/depots.ts';
import { activeUsersOfRole } from '../storage/users.ts';
import { listZones, photoshootZonesAt } from '../storage/zones.ts';

/**
 * The planning world: what every day of the booking, the planner and the dispatch shares (zones,
 * capture technicians and where their day starts), and how a shooting to place is described to
 * the planning engine (a candidate: where, which zones, how long, which skills).
 */
export interface Technician {
  user: UserRecord;
  /** Where the day starts and ends: home when known, otherwise the depot. */
  start: LatLng | undefined;
}

export interface PlanningWorld {
  zones: ZoneRecord[];
  technicians: Technician[];
}

export async function loadWorld(): Promise<PlanningWorld> {
  const [zones, technicians] = await Promise.all([listZones(), captureTechnicians()]);
  return { zones, technicians };
}

/** Every active capture technician (role 4), with their start point. */
export async function captureTechnicians(): Promise<Technician[]> {
  const users = await activeUsersOfRole(Role.tech_capture);
  const depots = await depotsById([...new Set(users.map((u) => u.depot_id).filter((id): id is number => id !== null))]);
  return users.map((user) => {
    const depot = user.depot_id !== null ? depots.get(user.depot_id) : undefined;
    return { user, start: user.home ? { lat: user.home.lat, lng: user.home.lng } : depot ? { lat: depot.lat, lng: depot.lng } : undefined };
  });
}

/** What a booking needs from the property. */
export interface PropertyForSlots {
  lat: number;
  lng: number;
  roomCount: number;
  isHouse: boolean;
  only360: boolean;
}

/** Skills a booking requires (service offers): shared with the booking wizard (shared/rules/booking-offers.ts). */
export { requiredOffers };

export function candidateOf(world: PlanningWorld, p: PropertyForSlots): CandidateShooting {
  return {
    location: { lat: p.lat, lng: p.lng },
    zoneIds: photoshootZonesAt({ lat: p.lat, lng: p.lng }, world.zones),
    durationS: estimateServiceTime({ roomCount: p.roomCount, isHouse: p.isHouse, only360: p.only360 }).seconds,
    requires: { serviceOffers: requiredOffers(p.only360), shootingPackages: [] },
  };
}
