import { listingShootingDate, noteListingShootingDate } from '../storage/listings.ts';
import { currentShootingsOfListing, isActive, type StoredShooting } from '../storage/shootings.ts';

/** Reads and conditional writes before giving up on a listing that keeps changing in between. */
const ATTEMPTS = 5;

/**
 * After a shooting was booked, moved, cancelled or abandoned (committed): the listing's shooting
 * date becomes the latest date of its active shootings, none when none remains, with its search
 * entries. The write is conditional on the listing as read before its shootings, so a concurrent
 * change of another of its shootings makes it read them again rather than write an older answer.
 * The shooting's change stands whatever happens here, so a failure is logged, not answered (an
 * error would make the broker book again); the listing's next change indexes it in full (its claim
 * stays unconfirmed, storage/listings.ts).
 *
 * `activeOn`: the changed shooting is now active on that date (a booking, a move). When the listing's
 * date is not later, that date is the latest, and the listing's shootings are not read: a booking,
 * the common case, costs one read and one write here.
 */
export async function followListingShootingDate(changed: Pick<StoredShooting, 'id' | 'listing_id'>, log: (...parts: unknown[]) => void, activeOn?: string): Promise<void> {
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const stored = await listingShootingDate(changed.listing_id);
      if (!stored) return;
      const latest =
        activeOn !== undefined && (stored.shootingdate === null || stored.shootingdate <= activeOn)
          ? activeOn
          : latestActiveDate(await currentShootingsOfListing(changed.listing_id, [changed.id]));
      if (latest === stored.shootingdate || (await noteListingShootingDate(changed.listing_id, latest, stored.seq))) return;
    }
    throw new Error(`the listing changed during each of ${ATTEMPTS} attempts`);
  } catch (error) {
    log('listing shooting date not noted', { listing: changed.listing_id, shooting: changed.id, error: (error as Error).message });
  }
}

function latestActiveDate(shootings: readonly StoredShooting[]): string | null {
  return shootings.filter(isActive).reduce<string | null>((latest, s) => (latest === null || s.scheduleddate > latest ? s.scheduleddate : latest), null);
}
