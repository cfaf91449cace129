import { listingsOfBroker } from '#functions/storage/listings.ts';
import { insertFloorplanRoom } from '#functions/storage/floorplan-rooms.ts';
import { picturesOfListing } from '#functions/storage/pictures.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import type { SeedContext } from './context.ts';

/**
 * Floorplan rooms of the demo listings whose shooting had the 'measures' service (ADR 0275: rooms
 * come from the capture side; here they are written through the storage module). Markers point at
 * the listing's picture thumbnails. The outdoor rooms (Cour arrière, Balcony) show in the room list
 * and not in the measures table (part 3 §9).
 */
type Room = [floor: number, floorname: string, roomname: string, width: number, widthInches: number | null, height: number, heightInches: number | null, floorType: string | null, irregular?: boolean];

const HOUSE: readonly Room[] = [
  [-1, 'Sous-sol', 'Salle familiale', 18, 4, 14, 0, 'Tapis'],
  [0, 'Rez-de-chaussée', 'Cuisine', 12, 6, 10, 0, 'Céramique'],
  [0, 'Rez-de-chaussée', 'Salon', 16, 0, 13, 8, 'Bois', true],
  [0, 'Rez-de-chaussée', 'Cour arrière', 40, 0, 30, 0, null],
  [1, 'Étage', 'Chambre principale', 14, 2, 12, 10, 'Parqueterie'],
  [1, 'Étage', 'Salle de bain', 9, 0, 7, 6, 'Tuile'],
  [1, 'Étage', 'Balcony', 10, 0, 5, 0, 'Béton'],
];
const CONDO: readonly Room[] = [
  [0, 'Niveau 1', 'Séjour', 5.2, null, 4.1, null, 'Stratifié'],
  [0, 'Niveau 1', 'Cuisine', 3.4, null, 2.9, null, 'Granit'],
  [0, 'Niveau 1', 'Chambre', 3.6, null, 3.3, null, 'Linoléum', true],
];

const PLANS: Readonly<Record<string, readonly Room[]>> = { '12 rue des Érables': HOUSE, '1200 rue Sherbrooke Ouest': CONDO };

export async function seedFloorplans({ log, now }: SeedContext): Promise<void> {
  const { items } = await listingsOfBroker(demoAccount(Role.broker).id, 100);
  let rooms = 0;
  for (const listing of items) {
    const plan = PLANS[listing.address];
    if (!plan) continue;
    const thumbnails = (await picturesOfListing(listing.id)).flatMap((p) => (p.thumbnail_key ? [p.thumbnail_key] : []));
    for (const [i, [floor, floorname, roomname, width, width_inches, height, height_inches, floor_type, irregular = false]] of plan.entries()) {
      const markers = thumbnails.length ? [0, 1].map((n) => ({ order_index: n, lowres_key: thumbnails[(i * 2 + n) % thumbnails.length]! })) : [];
      await insertFloorplanRoom({ listing_id: listing.id, floor, floorname, roomname, width, width_inches, height, height_inches, floor_type, irregular, markers, created_at: now.toISOString() });
      rooms++;
    }
  }
  log(`seeded ${rooms} floorplan rooms`);
}
