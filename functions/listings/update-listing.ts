import { LISTING_MESSAGES, updateListing } from '#shared/catalogue/listings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { getListing, updateListingFields } from '../storage/listings.ts';
import { relocateShooting } from '../storage/shootings.ts';
import { addressMove } from '../use-cases/listing-address.ts';
import { listingDetailOf } from '../use-cases/listing-detail.ts';
import { refreshDayLegs } from '../use-cases/route-figures.ts';

const CHANGED_MEANWHILE = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);

/**
 * Saves the listing dialog (part 3 screen 1, §5) on the version the dialog read: 409 when it changed
 * meanwhile. A changed address is located again, and the listing's shootings still to take move
 * with it in the same write; their days' legs follow (logged when they cannot be worked out). A
 * failed index write after the save is logged and the save answered (getListing mends the index).
 */
export const handler = apiHandler(updateListing, async ({ id, version, ...fields }, { log }) => {
  const listing = await getListing(id);
  if (!listing) throw notFound(LISTING_MESSAGES.notFound);
  if (listing.version !== version) throw conflict(LISTING_MESSAGES.changedMeanwhile);
  const move = await addressMove(listing, fields);
  const now = new Date();
  let saved;
  try {
    const moved = move && { position: move.position, alongside: move.shootings.map((s) => relocateShooting(s, move.position, now.toISOString())) };
    // Saved is saved: a failed index write is logged, and the next opening of the listing mends it (a retry would only meet 409).
    saved = await updateListingFields(listing, fields, now, moved, (error) => log('search index not written', String(error)));
  } catch (error) {
    if (CHANGED_MEANWHILE.has((error as Error).name)) throw conflict(LISTING_MESSAGES.changedMeanwhile);
    throw error;
  }
  if (move) await refreshDayLegs(move.shootings.filter((s) => s.tech_id !== null).map((s) => s.scheduleddate), log);
  log('listing saved', { id, version: saved.version, ...(move && { moved: move.position, shootings: move.shootings.map((s) => s.id) }) });
  return { listing: await listingDetailOf(saved) };
});
