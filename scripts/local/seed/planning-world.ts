import { addDays, dayStartMs, localDateOf } from '#shared/rules/business-time.ts';
import type { ZoneRecord } from '#shared/entities/zone.ts';
import { ServiceOffer, ZoneType } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { insertDepot, type Depot } from '#functions/storage/depots.ts';
import { lockDay } from '#functions/storage/day-locks.ts';
import { addUnavailability } from '#functions/storage/unavailabilities.ts';
import { addAvailabilities } from '#functions/storage/availabilities.ts';
import { BOOKING_HORIZON_DAYS } from '#shared/rules/booking-horizon.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { insertUser, setTechnicianProfile } from '#functions/storage/users.ts';
import { insertZone } from '#functions/storage/zones.ts';
import { hashPassword } from '#functions/plumbing/passwords.ts';
import { DEMO_PASSWORD, demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/**
 * The planning world (issue 3 and 4 demo data): photoshoot zones covering Montréal, Laval and the
 * North Shore, the South Shore and Québec–Lévis, two sales zones, four depots, brokers who own
 * the seeded shootings, thirteen capture technicians (the demo tech 104 and 1006 to 1017; 1016
 * and 1017 are the km-rate exception technicians) with homes, depots, main and backup zones and
 * skills, availabilities every day around the booking horizon, a few unavailabilities and a day lock. Runs right after the accounts, so the user ids
 * below come out of the counter exactly as listed (checked).
 */
type Ring = Array<[number, number]>;

const close = (ring: Ring) => [...ring, ring[0]!].map(([lat, lng]) => ({ lat, lng }));

export const PLANNING_ZONES: ReadonlyArray<{ key: string; name: string; type: 1 | 2; ring: Ring }> = [
  {
    key: 'montreal',
    name: 'Montréal',
    type: ZoneType.photoshoot,
    ring: [[45.4, -73.97], [45.47, -73.98], [45.52, -73.86], [45.56, -73.74], [45.61, -73.64], [45.66, -73.55], [45.7, -73.48], [45.66, -73.46], [45.58, -73.5], [45.52, -73.53], [45.47, -73.55], [45.42, -73.65], [45.4, -73.8]],
  },
  {
    key: 'laval',
    name: 'Laval – Rive-Nord',
    type: ZoneType.photoshoot,
    ring: [[45.53, -73.89], [45.6, -73.89], [45.7, -73.7], [45.76, -73.55], [45.76, -73.42], [45.67, -73.46], [45.61, -73.62], [45.56, -73.72], [45.52, -73.84]],
  },
  {
    key: 'rive-sud',
    name: 'Rive-Sud',
    type: ZoneType.photoshoot,
    ring: [[45.3, -73.6], [45.38, -73.62], [45.45, -73.56], [45.5, -73.535], [45.55, -73.525], [45.62, -73.47], [45.64, -73.4], [45.55, -73.25], [45.4, -73.2], [45.28, -73.3]],
  },
  {
    key: 'quebec',
    name: 'Québec – Lévis',
    type: ZoneType.photoshoot,
    ring: [[46.7, -71.5], [46.9, -71.55], [46.98, -71.3], [46.92, -71.1], [46.85, -71.05], [46.72, -71.05], [46.65, -71.25]],
  },
  { key: 'sales-montreal', name: 'Ventes – Grand Montréal', type: ZoneType.sales, ring: [[45.25, -74.1], [45.85, -74.1], [45.85, -73.1], [45.25, -73.1]] },
  { key: 'sales-estrie', name: 'Ventes – Estrie', type: ZoneType.sales, ring: [[45.2, -72.2], [45.55, -72.2], [45.55, -71.6], [45.2, -71.6]] },
];

const DEPOTS: ReadonlyArray<{ key: string } & Omit<Depot, 'id'>> = [
  { key: 'montreal', civic_number: '5445', street: 'Avenue de Gaspé', city: 'Montréal', lat: 45.5268, lng: -73.5968 },
  { key: 'laval', civic_number: '3030', street: 'Boulevard Le Carrefour', city: 'Laval', lat: 45.5706, lng: -73.7496 },
  { key: 'rive-sud', civic_number: '1111', street: 'Rue Saint-Charles Ouest', city: 'Longueuil', lat: 45.5348, lng: -73.5153 },
  { key: 'quebec', civic_number: '900', street: 'Boulevard René-Lévesque Est', city: 'Québec', lat: 46.8111, lng: -71.2156 },
];

export const PLANNING_BROKERS = [
  { id: 1002, firstname: 'Marc-André', lastname: 'Dubé', email: 'marc-andre.dube@demo.immo.test' },
  { id: 1003, firstname: 'Julie', lastname: 'Lefebvre', email: 'julie.lefebvre@demo.immo.test' },
  { id: 1004, firstname: 'Nathalie', lastname: 'Bergeron', email: 'nathalie.bergeron@demo.immo.test' },
  { id: 1005, firstname: 'François', lastname: 'Girard', email: 'francois.girard@demo.immo.test' },
] as const;

const FULL = [ServiceOffer.two_d, ServiceOffer.vr, ServiceOffer.drone];
interface TechDef {
  id: number;
  firstname: string;
  lastname: string;
  zone: string;
  backup: string[];
  depot: string;
  home: { address: string; lat: number; lng: number };
  offers: number[];
  packages: number[];
  freelance?: boolean;
}

export const PLANNING_TECHS: readonly TechDef[] = [
  { id: 1006, firstname: 'Mathieu', lastname: 'Caron', zone: 'montreal', backup: ['laval'], depot: 'montreal', home: { address: '4200 Rue Saint-Hubert, Montréal', lat: 45.5265, lng: -73.5805 }, offers: FULL, packages: [1, 2, 3] },
  { id: 1007, firstname: 'Isabelle', lastname: 'Fournier', zone: 'montreal', backup: ['rive-sud'], depot: 'montreal', home: { address: '2100 Rue Centre, Montréal', lat: 45.4795, lng: -73.5615 }, offers: FULL, packages: [1, 2] },
  { id: 1008, firstname: 'Patrick', lastname: 'Lemieux', zone: 'montreal', backup: [], depot: 'montreal', home: { address: '9000 Boulevard Pie-IX, Montréal', lat: 45.5825, lng: -73.6255 }, offers: [ServiceOffer.two_d, ServiceOffer.vr], packages: [1, 2] },
  { id: 1009, firstname: 'Geneviève', lastname: 'Paquette', zone: 'montreal', backup: ['laval'], depot: 'montreal', home: { address: '300 Avenue Dorval, Dorval', lat: 45.4505, lng: -73.7425 }, offers: [ServiceOffer.two_d, ServiceOffer.drone], packages: [3] },
  { id: 1010, firstname: 'Olivier', lastname: 'Bélanger', zone: 'laval', backup: ['montreal'], depot: 'laval', home: { address: '1800 Boulevard Saint-Martin Est, Laval', lat: 45.5865, lng: -73.6955 }, offers: FULL, packages: [1, 2, 3] },
  { id: 1011, firstname: 'Audrey', lastname: 'Lévesque', zone: 'laval', backup: [], depot: 'laval', home: { address: '500 Montée Masson, Terrebonne', lat: 45.7055, lng: -73.6355 }, offers: [ServiceOffer.two_d, ServiceOffer.vr], packages: [1] },
  { id: 1012, firstname: 'Sébastien', lastname: 'Poirier', zone: 'rive-sud', backup: ['montreal'], depot: 'rive-sud', home: { address: '3000 Boulevard Taschereau, Longueuil', lat: 45.5105, lng: -73.4785 }, offers: FULL, packages: [1, 2] },
  { id: 1013, firstname: 'Mélanie', lastname: 'Cloutier', zone: 'rive-sud', backup: [], depot: 'rive-sud', home: { address: '8000 Boulevard Leduc, Brossard', lat: 45.4445, lng: -73.4345 }, offers: [ServiceOffer.two_d, ServiceOffer.vr], packages: [1] },
  { id: 1014, firstname: 'Jean-Philippe', lastname: 'Bédard', zone: 'quebec', backup: [], depot: 'quebec', home: { address: '1500 Avenue Maguire, Québec', lat: 46.7825, lng: -71.2615 }, offers: FULL, packages: [1, 2, 3] },
  { id: 1015, firstname: 'Catherine', lastname: 'Simard', zone: 'quebec', backup: [], depot: 'quebec', home: { address: '60 Rue Saint-Louis, Lévis', lat: 46.8045, lng: -71.1695 }, offers: [ServiceOffer.two_d, ServiceOffer.vr], packages: [1, 2] },
  { id: 1016, firstname: 'Maxime', lastname: 'Leblanc', zone: 'laval', backup: ['montreal'], depot: 'laval', home: { address: '120 Rue Saint-Georges, Saint-Jérôme', lat: 45.7795, lng: -74.0035 }, offers: FULL, packages: [1, 2, 3], freelance: true },
  { id: 1017, firstname: 'Valérie', lastname: 'Nadeau', zone: 'rive-sud', backup: ['montreal'], depot: 'rive-sud', home: { address: '200 Boulevard du Séminaire Nord, Saint-Jean-sur-Richelieu', lat: 45.3175, lng: -73.2675 }, offers: FULL, packages: [1, 2], freelance: true },
];

/** The demo capture tech (104) joins the Montréal team. */
const DEMO_TECH = { zone: 'montreal', backup: ['laval'], depot: 'montreal', home: { address: '6500 Rue De Saint-Vallier, Montréal', lat: 45.5345, lng: -73.6105 }, offers: FULL, packages: [1, 2, 3] };

/** The seeded availabilities run this many days ahead: the booking horizon and a week more. */
export const AVAILABLE_DAYS_AHEAD = BOOKING_HORIZON_DAYS + 7;

/** Business day `n` days after today (Quebec), skipping nothing: the demo relies on relative days. */
export const dayFromToday = (now: Date, n: number) => addDays(localDateOf(now.getTime()), n);

export async function seedPlanningWorld({ log, now }: SeedContext): Promise<void> {
  const at = now.toISOString();
  const zoneIds = new Map<string, number>();
  for (const z of PLANNING_ZONES) {
    const id = await nextId('zone');
    const zone: ZoneRecord = { id, zone_name: z.name, type: z.type, coordinates: close(z.ring), created_at: at, updated_at: at };
    await insertZone(zone);
    zoneIds.set(z.key, id);
  }
  const depotIds = new Map<string, number>();
  for (const { key, ...d } of DEPOTS) {
    const id = await nextId('depot');
    await insertDepot({ id, ...d });
    depotIds.set(key, id);
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const person = async (expectedId: number, fields: Record<string, unknown> & { firstname: string; lastname: string; email: string; role: number }) => {
    const id = await nextId('user', 1000);
    if (id !== expectedId) throw new Error(`planning world: user id ${id} allocated where ${expectedId} was expected (run this seeder right after the accounts)`);
    await insertUser({ id, ...fields, password_hash: passwordHash, created_at: at, updated_at: at });
  };
  for (const b of PLANNING_BROKERS) await person(b.id, { ...b, role: Role.broker });
  const techFields = (t: Omit<TechDef, 'id' | 'firstname' | 'lastname'>) => ({
    zone_id: zoneIds.get(t.zone)!,
    backupZones: t.backup.map((k) => zoneIds.get(k)!),
    depot_id: depotIds.get(t.depot)!,
    home: t.home,
    service_offers: t.offers,
    shooting_packages: t.packages,
    freelance: t.freelance ?? false,
  });
  for (const t of PLANNING_TECHS) {
    await person(t.id, { firstname: t.firstname, lastname: t.lastname, email: `${slugName(t.firstname)}.${slugName(t.lastname)}@demo.immo.test`, role: Role.tech_capture, ...techFields(t) });
  }
  const demo = demoAccount(Role.tech_capture);
  await setTechnicianProfile(demo.id, techFields(DEMO_TECH));

  // Availabilities (docs/decisions/0155): every technician works every day from a week ago to a week
  // past the booking horizon; the calendar (/calendar) adds or removes days from there.
  const days = Array.from({ length: AVAILABLE_DAYS_AHEAD + 8 }, (_, i) => dayFromToday(now, i - 7));
  await addAvailabilities([...PLANNING_TECHS.map((t) => t.id), demo.id], days, at);

  // Unavailabilities and a day lock: on day +2 Québec has no one (1014 away all day, 1015 locked).
  const instant = (day: string, hour: number) => new Date(dayStartMs(day) + hour * 3_600_000).toISOString();
  const d2 = dayFromToday(now, 2);
  await addUnavailability(1014, instant(d2, 0), instant(d2, 24), 'Rendez-vous médical');
  await lockDay(d2, 1015, null);
  const d3 = dayFromToday(now, 3);
  await addUnavailability(1006, instant(d3, 8), instant(d3, 12.5), 'Formation drone');
  const d7 = dayFromToday(now, 7);
  await addUnavailability(1011, instant(d7, 0), instant(dayFromToday(now, 12), 0), 'Vacances');
  await lockDay(dayFromToday(now, 5), 1008, null);
  log(`seeded ${PLANNING_ZONES.length} zones, ${DEPOTS.length} depots, ${PLANNING_BROKERS.length} brokers, ${PLANNING_TECHS.length + 1} capture technicians`);
}

function slugName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-');
}
