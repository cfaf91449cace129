/**
 * A realistic, seeded Montreal-area day for benchmarks and tests: shootings clustered around
 * the island, Laval, the South Shore and the North Shore; technicians living around the region
 * with a main zone and backup zones, service-offer and package skills, some unavailabilities,
 * one day-locked technician and a few force-assigned shootings.
 */
import { estimateServiceTime } from '../rules/service-time.ts';
import type { DayProblem, ShootingInput, TechnicianInput } from './day.ts';
import { Rng } from './rng.ts';

export interface MontrealZone {
  id: number;
  name: string;
  lat: number;
  lng: number;
  /** Spread of listings around the centre, in degrees. */
  spread: number;
  /** Share of the day's shootings. */
  weight: number;
  neighbours: number[];
}

export const MONTREAL_ZONES: readonly MontrealZone[] = [
  { id: 1, name: 'Montréal-Centre', lat: 45.515, lng: -73.585, spread: 0.035, weight: 0.3, neighbours: [2, 3, 5] },
  { id: 2, name: 'Ouest-de-l’Île', lat: 45.465, lng: -73.8, spread: 0.045, weight: 0.12, neighbours: [1, 3] },
  { id: 3, name: 'Laval', lat: 45.575, lng: -73.73, spread: 0.05, weight: 0.16, neighbours: [1, 2, 6] },
  { id: 4, name: 'Rive-Sud', lat: 45.5, lng: -73.45, spread: 0.06, weight: 0.18, neighbours: [1, 5] },
  { id: 5, name: 'Est de Montréal', lat: 45.6, lng: -73.56, spread: 0.04, weight: 0.12, neighbours: [1, 4, 6] },
  { id: 6, name: 'Rive-Nord', lat: 45.7, lng: -73.65, spread: 0.07, weight: 0.12, neighbours: [3, 5] },
];

/** Service offers of part 1's enumeration used as skills: vr 7, two_d 8, drone 9, video 12. */
const OFFERS = { vr: 7, twoD: 8, drone: 9, video: 12 } as const;

export interface MontrealDayOptions {
  shootings?: number;
  technicians?: number;
  seed?: number;
  /** Share of AM shootings (default 0.55). */
  amShare?: number;
}

function pickZone(rng: Rng): MontrealZone {
  let r = rng.next();
  for (const z of MONTREAL_ZONES) {
    r -= z.weight;
    if (r <= 0) return z;
  }
  return MONTREAL_ZONES[0]!;
}

function around(rng: Rng, z: MontrealZone, spread = z.spread): { lat: number; lng: number } {
  // Sum of uniforms ≈ normal; longitude spread widened for the latitude.
  const g = () => (rng.next() + rng.next() + rng.next() - 1.5) / 1.5;
  return { lat: z.lat + g() * spread, lng: z.lng + (g() * spread) / Math.cos((z.lat * Math.PI) / 180) };
}

export function montrealDay(options: MontrealDayOptions = {}): DayProblem {
  const rng = new Rng(options.seed ?? 2026);
  const nS = options.shootings ?? 150;
  const nT = options.technicians ?? 25;
  const amShare = options.amShare ?? 0.55;
  const technicians: TechnicianInput[] = [];
  for (let t = 0; t < nT; t++) {
    const z = MONTREAL_ZONES[t % MONTREAL_ZONES.length]!;
    const home = around(rng, z, z.spread * 1.5);
    const offers: number[] = [OFFERS.twoD];
    if (rng.next() < 0.6) offers.push(OFFERS.vr);
    if (rng.next() < 0.35) offers.push(OFFERS.drone);
    if (rng.next() < 0.3) offers.push(OFFERS.video);
    const packages = [1, 2];
    if (rng.next() < 0.5) packages.push(3);
    const backups = z.neighbours.filter(() => rng.next() < 0.7);
    const id = 1001 + t; // includes the exception technicians 1016 and 1017
    const tech: TechnicianInput = {
      id,
      start: home,
      workingHours: { start: 8 * 3600, end: 18 * 3600 },
      skills: { serviceOffers: offers, shootingPackages: packages },
      mainZoneId: z.id,
      backupZoneIds: backups,
    };
    if (t % 9 === 3) tech.unavailabilities = [{ start: 12 * 3600, end: 14 * 3600 }];
    if (t % 11 === 7) tech.unavailabilities = [{ start: 13 * 3600, end: 18 * 3600 }];
    if (t === nT - 1 && nT > 3) tech.dayLocked = true;
    technicians.push(tech);
  }
  const shootings: ShootingInput[] = [];
  for (let s = 0; s < nS; s++) {
    const z = pickZone(rng);
    const rooms = 3 + Math.floor(rng.next() * 10);
    const isHouse = rng.next() < 0.6;
    const only360 = rng.next() < 0.1;
    const offers: number[] = only360 ? [OFFERS.vr] : [OFFERS.twoD];
    if (!only360 && rng.next() < 0.35) offers.push(OFFERS.vr);
    if (rng.next() < 0.12) offers.push(OFFERS.drone);
    if (rng.next() < 0.08) offers.push(OFFERS.video);
    const pkg = rng.next() < 0.1 ? 3 : rng.next() < 0.5 ? 1 : 2;
    let durationS = estimateServiceTime({ roomCount: rooms, isHouse, only360 }).seconds;
    if (offers.includes(OFFERS.drone)) durationS += 20 * 60;
    if (offers.includes(OFFERS.video)) durationS += 30 * 60;
    shootings.push({
      id: 50_000 + s,
      location: around(rng, z),
      zoneIds: [z.id],
      am: rng.next() < amShare,
      durationS,
      requires: { serviceOffers: offers, shootingPackages: [pkg] },
      current: null,
    });
  }
  // The day-locked technician keeps two shootings; three shootings are force-assigned.
  const locked = technicians.find((t) => t.dayLocked);
  const compatible = (t: TechnicianInput, s: ShootingInput) =>
    s.requires.serviceOffers.every((o) => t.skills.serviceOffers.includes(o)) && s.requires.shootingPackages.every((p) => t.skills.shootingPackages.includes(p));
  if (locked) {
    const mine = shootings.filter((s) => s.zoneIds.includes(locked.mainZoneId ?? -1) && compatible(locked, s));
    mine.slice(0, 2).forEach((s, k) => ((s.am = k === 0), (s.current = { techId: locked.id })));
  }
  for (let k = 0; k < 3 && k < nT - 1; k++) {
    const t = technicians[k * 5 % (nT - 1)]!;
    const s = shootings.find((x) => !x.current && x.zoneIds.includes(t.mainZoneId ?? -1) && compatible(t, x));
    if (s) s.current = { techId: t.id, forceAssigned: true };
  }
  return { technicians, shootings };
}
