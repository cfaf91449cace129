import type { StoredListing } from '../storage/listings.ts';
import { listingsOfBroker, setListingBrokerNames } from '../storage/listings.ts';

/** Listings renamed at once: a broker with hundreds of listings is followed within an API call's time. */
const AT_ONCE = 8;

/**
 * After a user's names changed: every listing of theirs (as their broker) carries the new names, which
 * its rows, its search words, the delivery page and the map show (docs/decisions/0345, amended). The
 * user's save stands whatever happens here: a failure is logged, and the broker's next save writes them all.
 */
export async function followBrokerNames(brokerId: number, names: StoredListing['broker'], log: (...parts: unknown[]) => void): Promise<void> {
  let renamed = 0;
  try {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await listingsOfBroker(brokerId, 100, start);
      const stale = page.items.filter((l) => l.broker.firstname !== names.firstname || l.broker.lastname !== names.lastname);
      for (let i = 0; i < stale.length; i += AT_ONCE) {
        const done = await Promise.all(stale.slice(i, i + AT_ONCE).map((l) => setListingBrokerNames(l.id, brokerId, names)));
        renamed += done.filter(Boolean).length;
      }
      start = page.next;
    } while (start);
    if (renamed > 0) log('listings follow the broker names', { broker: brokerId, listings: renamed });
  } catch (error) {
    log('listing broker names not followed', { broker: brokerId, renamed, error: (error as Error).message });
  }
}
