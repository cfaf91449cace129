import { noteListingShootingDate } from '../storage/listings.ts';

/**
 * After a booking or a move has committed: the listing's shooting date and its search entries follow.
 * The shooting is booked whatever happens here, so a failure is logged, not answered (an error
 * would make the broker book again); the listing's next change indexes it in full (its claim stays
 * unconfirmed, storage/listings.ts).
 */
export async function noteBookedDate(listingId: number, date: string, log: (...parts: unknown[]) => void): Promise<void> {
  try {
    await noteListingShootingDate(listingId, date);
  } catch (error) {
    log('listing shooting date not noted', { listing: listingId, date, error: (error as Error).message });
  }
}
