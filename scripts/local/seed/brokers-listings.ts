import { hashPassword } from '#functions/plumbing/passwords.ts';
import { insertListing, newDistributionToken } from '#functions/storage/listings.ts';
import { nextId } from '#functions/plumbing/ids.ts';
import { findUserByEmail, insertUser } from '#functions/storage/users.ts';
import { Role } from '#shared/roles.ts';
import { ListingState } from '#shared/enums.ts';
import { DEMO_PASSWORD, demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/**
 * Listings of the demo broker (Béatrice Roy, 103) and of a second broker (Marc Dubois), so that
 * "another broker's data" exists to be refused. Every listing gets its delivery token.
 * The first addresses carry shootings and pictures (seed/pictures.ts); the rest pad the
 * deliveries list past one page of 15.
 */
export const SECOND_BROKER = { email: 'broker2@demo.immo.test', firstname: 'Marc', lastname: 'Dubois' } as const;

export interface DemoListing {
  address: string;
  city: string;
  postalcode: string;
  lat: number;
  lng: number;
  room_count: number;
  is_house: boolean;
  state: number;
}

const L = (address: string, city: string, postalcode: string, lat: number, lng: number, room_count = 6, is_house = true, state: number = ListingState.created): DemoListing => ({
  address,
  city,
  postalcode,
  lat,
  lng,
  room_count,
  is_house,
  state,
});

/** Delivered and in-progress listings of broker 103 first (pictures.ts relies on these addresses). */
export const BROKER_LISTINGS: readonly DemoListing[] = [
  // Delivered and its virtual tour published (vr_ready): the /visit viewer's demo tour.
  L('1200 rue Sherbrooke Ouest', 'Montréal', 'H3A 1H6', 45.4991, -73.5794, 8, false, ListingState.vr_ready),
  L('45 rue Saint-Paul Est', 'Québec', 'G1K 3V8', 46.8165, -71.2036, 5, true, ListingState.captured),
  L('88 avenue du Parc', 'Sherbrooke', 'J1H 1X2', 45.4042, -71.8929, 7, true, ListingState.validated),
  L('350 boulevard des Laurentides', 'Laval', 'H7G 2V1', 45.5656, -73.6918, 4, true),
  ...[
    ['12 rue des Érables', 'Longueuil', 'J4H 2K1', 45.5312, -73.5185],
    ['230 chemin Sainte-Foy', 'Québec', 'G1R 1T3', 46.8036, -71.2295],
    ['7 rue Principale', 'Granby', 'J2G 2T5', 45.4002, -72.7327],
    ['1550 boulevard Talbot', 'Saguenay', 'G7H 4B9', 48.4032, -71.0633],
    ['98 rue King Ouest', 'Sherbrooke', 'J1H 1P1', 45.4001, -71.8991],
    ['410 rue Notre-Dame', 'Trois-Rivières', 'G9A 4X5', 46.3432, -72.5418],
    ['66 avenue Laurier Est', 'Montréal', 'H2T 1E7', 45.5227, -73.5899],
    ['19 rue du Fort', 'Québec', 'G1R 3Z8', 46.8129, -71.2058],
    ['2001 rue Sainte-Catherine Est', 'Montréal', 'H2K 2H7', 45.5245, -73.5527],
    ['5 rue de la Gare', 'Saint-Jérôme', 'J7Z 2B9', 45.7762, -74.0034],
    ['77 boulevard Saint-Joseph', 'Gatineau', 'J8Y 3V8', 45.4489, -75.7362],
    ['300 rue Racine Est', 'Saguenay', 'G7H 1S8', 48.4275, -71.0624],
    ['14 rue Wellington Nord', 'Sherbrooke', 'J1H 5B7', 45.4033, -71.8925],
    ['860 boulevard Charest Ouest', 'Québec', 'G1N 2C9', 46.8101, -71.2511],
  ].map(([a, c, p, lat, lng]) => L(a as string, c as string, p as string, lat as number, lng as number)),
];

export const SECOND_BROKER_LISTINGS: readonly DemoListing[] = [
  L('2500 chemin de la Côte-Sainte-Catherine', 'Montréal', 'H3T 1B1', 45.5017, -73.6217, 9, true, ListingState.validated),
  L('120 rue Saint-Jean', 'Québec', 'G1R 1N9', 46.8122, -71.2153, 3, false),
];

export async function seedBrokersAndListings({ log, now }: SeedContext): Promise<void> {
  let second = await findUserByEmail(SECOND_BROKER.email);
  if (!second) {
    second = await insertUser({
      id: await nextId('user', 1000),
      role: Role.broker,
      ...SECOND_BROKER,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  }
  const broker = demoAccount(Role.broker);
  const owners = [
    { id: broker.id, firstname: broker.firstname, lastname: broker.lastname, listings: BROKER_LISTINGS },
    { id: second.id, firstname: second.firstname, lastname: second.lastname, listings: SECOND_BROKER_LISTINGS },
  ];
  let count = 0;
  for (const owner of owners) {
    // Oldest first, so the first addresses are the most recently updated (top of the list).
    for (let i = owner.listings.length - 1; i >= 0; i--) {
      const l = owner.listings[i]!;
      await insertListing(
        {
          ...l,
          app: '',
          is_existing_listing: false,
          picture_url: null,
          mls: null,
          broker_id: owner.id,
          broker: { firstname: owner.firstname, lastname: owner.lastname },
          distribution_token: newDistributionToken(),
        },
        new Date(now.getTime() - (i + 1) * 3600_000),
      );
      count++;
    }
  }
  log(`seeded ${count} listings of brokers ${broker.id} and ${second.id} (${SECOND_BROKER.email})`);
}
