import { tokenedListingPoints } from '#functions/storage/listings.ts';
import { recordVisit } from '#functions/storage/visits.ts';
import type { SeedContext } from './context.ts';

/** Demo visits cover the last 35 days, so the default range (last month to today) has data. */
const DAYS = 35;
const PHOTOS = 24;

/** A small deterministic generator, so every reset seeds the same visits. */
function generator(seed: number) {
  let x = seed || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return Math.abs(x) % n;
  };
}

/**
 * Demo virtual visits of the delivered listings, recorded through the very path the public pages
 * use (storage/visits.ts recordVisit: sessions' running totals, then atomic ADDs to the day and
 * total aggregates), never written as aggregates: some visitors come back, sessions report twice.
 */
export async function seedVisits({ now, log }: SeedContext): Promise<void> {
  const listings = await tokenedListingPoints();
  let sessions = 0;
  // Listings are independent: their visits are recorded side by side, each listing's in order.
  await Promise.all(
    listings.map(async (listing) => {
      const next = generator(listing.id);
      const visitors = Array.from({ length: 6 + next(10) }, (_v, i) => `demo-visitor-${listing.id}-${i}`);
      for (let day = DAYS; day >= 0; day--) {
        const dayMs = now.getTime() - day * 86_400_000;
        const count = next(3);
        for (let s = 0; s < count; s++) {
          const visitor = visitors[next(visitors.length)]!;
          const session = `demo-session-${listing.id}-${day}-${s}`;
          const views = 1 + next(PHOTOS);
          const seconds = 20 + next(600);
          // A first report while the visit goes on, then the session's final totals.
          await recordVisit({ listingId: listing.id, visitor, session, photos: PHOTOS, views: Math.ceil(views / 2), seconds: Math.ceil(seconds / 3) }, dayMs);
          await recordVisit({ listingId: listing.id, visitor, session, photos: PHOTOS, views, seconds }, dayMs + seconds * 1000);
          sessions++;
        }
      }
    }),
  );
  log(`seeded ${sessions} demo visit sessions of ${listings.length} delivered listings`);
}
