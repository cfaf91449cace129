import { dayStartMs } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { estimateServiceTime } from '#shared/rules/service-time.ts';
import { requiredOffers } from '#functions/use-cases/planning-world.ts';
import { demoAddress } from '#functions/plumbing/location/gazetteer.ts';
import { addToHalfDay } from '#functions/storage/half-day.ts';
import { insertListing } from '#functions/storage/listings.ts';
import { insertShooting, newShootingId } from '#functions/storage/shootings.ts';
import { demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';
import { PLANNING_BROKERS, dayFromToday } from './planning-world.ts';

/**
 * Booked shootings of the coming days (issue 4 item 7, booking part): the demo broker's pending
 * and confirmed ones, and other brokers' bookings that hold technicians' time, so the booking
 * wizard's availability reflects a real week. Runs after the planning world.
 */
interface Booking {
  broker: { id: number; firstname: string; lastname: string };
  address: string;
  day: number;
  am: boolean;
  rooms: number;
  house: boolean;
  /** The technician whose time it holds: reserved (pending) or assigned (confirmed). */
  tech: number;
  confirmedAt?: number;
  note?: string;
}

export async function seedShootings({ log, now }: SeedContext): Promise<void> {
  const demo = demoAccount(Role.broker);
  const broker = { id: demo.id, firstname: demo.firstname, lastname: demo.lastname };
  const [mtl, laval, sud, qc] = PLANNING_BROKERS;
  const bookings: Booking[] = [
    { broker, address: '4500 Rue Saint-Denis', day: 3, am: true, rooms: 6, house: false, tech: 104, note: 'Code de porte 1234' },
    { broker, address: '250 Boulevard Saint-Martin Ouest', day: 6, am: false, rooms: 9, house: true, tech: 1010 },
    { broker, address: '1000 Rue Sherbrooke Ouest', day: 4, am: true, rooms: 5, house: false, tech: 1006, confirmedAt: 9.5 },
    { broker: mtl, address: '6000 Boulevard Saint-Laurent', day: 1, am: true, rooms: 8, house: true, tech: 1006 },
    { broker: mtl, address: '2500 Rue Beaubien Est', day: 1, am: false, rooms: 5, house: false, tech: 1006 },
    { broker: mtl, address: '7000 Avenue du Parc', day: 1, am: true, rooms: 7, house: true, tech: 1007 },
    { broker: mtl, address: '1500 Rue Ontario Est', day: 2, am: true, rooms: 4, house: false, tech: 1008, confirmedAt: 9 },
    { broker: mtl, address: '3200 Rue Wellington', day: 2, am: false, rooms: 10, house: true, tech: 1007 },
    { broker: mtl, address: '5100 Chemin de la Côte-des-Neiges', day: 4, am: false, rooms: 6, house: false, tech: 104 },
    { broker: laval, address: '1600 Boulevard Le Corbusier', day: 1, am: true, rooms: 8, house: true, tech: 1010 },
    { broker: laval, address: '3000 Boulevard de la Concorde Est', day: 3, am: false, rooms: 6, house: true, tech: 1016 },
    { broker: sud, address: '150 Rue Saint-Charles Ouest', day: 1, am: false, rooms: 5, house: false, tech: 1012 },
    { broker: sud, address: '6000 Boulevard Taschereau', day: 2, am: true, rooms: 9, house: true, tech: 1013 },
    { broker: sud, address: '700 Boulevard de Mortagne', day: 5, am: true, rooms: 7, house: true, tech: 1017 },
    { broker: qc, address: '1200 Avenue Cartier', day: 1, am: true, rooms: 6, house: false, tech: 1014 },
    { broker: qc, address: '2500 Boulevard Laurier', day: 1, am: false, rooms: 12, house: true, tech: 1014 },
    { broker: qc, address: '5000 Boulevard des Gradins', day: 3, am: true, rooms: 8, house: true, tech: 1015 },
  ];
  for (const b of bookings) {
    const place = demoAddress(b.address);
    const at = now.toISOString();
    const listing = await insertListing(
      {
        address: place.address,
        app: '',
        city: place.city,
        postalcode: place.postalcode,
        room_count: b.rooms,
        is_house: b.house,
        is_existing_listing: false,
        lat: place.lat,
        lng: place.lng,
        state: 0,
        picture_url: null,
        mls: null,
        broker_id: b.broker.id,
        broker: { firstname: b.broker.firstname, lastname: b.broker.lastname },
        distribution_token: null,
        shootingdate: dayFromToday(now, b.day),
      },
      now,
    );
    const id = await newShootingId();
    const date = dayFromToday(now, b.day);
    const confirmed = b.confirmedAt !== undefined;
    const duration = estimateServiceTime({ roomCount: b.rooms, isHouse: b.house, only360: false }).seconds;
    const start = confirmed ? dayStartMs(date) + b.confirmedAt! * 3_600_000 : null;
    await insertShooting(
      {
        id,
        listing_id: listing.id,
        broker_id: b.broker.id,
        scheduleddate: date,
        am: b.am,
        is_confirmed: confirmed,
        state: confirmed ? ShootingState.confirmed : ShootingState.unconfirmed,
        starttime: start === null ? null : new Date(start).toISOString(),
        endtime: start === null ? null : new Date(start + duration * 1000).toISOString(),
        estimated_duration: duration,
        room_count: b.rooms,
        note: b.note ?? '',
        tech_id: confirmed ? b.tech : null,
        service_offers: requiredOffers(false),
        created_at: at,
        updated_at: at,
      },
      { lat: place.lat, lng: place.lng, reserved_tech_id: confirmed ? null : b.tech },
    );
    await addToHalfDay(date, b.am, id);
  }
  log(`seeded ${bookings.length} booked shootings`);
}
