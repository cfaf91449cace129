import { LISTING_MESSAGES, type ListingFields } from '#shared/catalogue/listings.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { isNotStarted } from '#shared/rules/shooting-progress.ts';
import { invalidInput } from '../plumbing/errors.ts';
import { location } from '../plumbing/location/index.ts';
import { addressParts, type StoredListing } from '../storage/listings.ts';
import { currentShootingsOfListing, type StoredShooting } from '../storage/shootings.ts';

/** Case, accents, punctuation and spacing aside: '1200, Rue Saint-Denis' and '1200 rue saint denis' are one address. */
const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Whether the dialog's fields name another place than the listing's (the apartment does not move it). */
export function addressChanged(listing: StoredListing, fields: Pick<ListingFields, 'civic_number' | 'street' | 'city' | 'postalcode'>): boolean {
  const { civic_number, street } = addressParts(listing);
  const before = [`${civic_number} ${street}`, listing.city, listing.postalcode].map(comparable).join('|');
  const after = [`${fields.civic_number} ${fields.street}`, fields.city, fields.postalcode].map(comparable).join('|');
  return before !== after;
}

/** A shooting not yet taken, today or later: it goes to the listing's address, wherever that now is. */
const stillToTake = (s: StoredShooting, today: string) => isNotStarted(s.state) && s.scheduleddate >= today;

/**
 * Where a listing whose address changed now lies, and its shootings still to take, which follow it;
 * undefined when the address did not change. 400 on the street when the address cannot be located:
 * a point left at the old address would send technicians there.
 */
export async function addressMove(listing: StoredListing, fields: ListingFields, now = Date.now()): Promise<{ position: { lat: number; lng: number }; shootings: StoredShooting[] } | undefined> {
  if (!addressChanged(listing, fields)) return undefined;
  const street = [fields.civic_number, fields.street].filter(Boolean).join(' ');
  const text = [street, fields.city, ['QC', fields.postalcode].filter(Boolean).join(' ')].join(', ');
  const place = await (await location()).geocode({ text });
  if (!place) throw invalidInput({ street: [LISTING_MESSAGES.addressNotFound] });
  const today = localDateOf(now);
  const shootings = (await currentShootingsOfListing(listing.id)).filter((s) => stillToTake(s, today));
  return { position: { lat: place.lat, lng: place.lng }, shootings };
}
