import { ServiceOffer } from '../enums.ts';

/**
 * The service offers every booking includes, by the spec's offer ids (part 1 §3), which the seeded
 * catalogue keeps (docs/decisions/0133): a 360-only shooting needs the virtual tour (vr 7); a full
 * shooting needs photos (two_d 8) and the tour (vr 7). They are the skills a technician must hold;
 * the booking wizard shows them by their catalogue names, beside the extra services one may add.
 */
export function requiredOffers(only360: boolean): number[] {
  return only360 ? [ServiceOffer.vr] : [ServiceOffer.two_d, ServiceOffer.vr];
}

/** Extra services a booking may add: available offers it does not already include; those requiring an MLS number only for an existing listing. */
export function isBookableExtra(offer: { id: number; available: boolean; require_mls: boolean }, booking: { only360: boolean; isExistingListing: boolean }): boolean {
  return offer.available && !requiredOffers(booking.only360).includes(offer.id) && (!offer.require_mls || booking.isExistingListing);
}
