import { PictureServiceOffer } from '../enums.ts';
import { requiredOffers } from './booking-offers.ts';

/** The key name of 'Picture Upload': the saisie-à-la-source flag is shown for shootings having it (part 3 §4; ADR 0180). */
export const PICTURE_UPLOAD_KEY = 'picture_upload';

/**
 * The service offers the product itself relies on (docs/decisions/0615): the booking's included
 * offers (2D photos 8, 360° tour 7: `requiredOffers`) and the picture types the review assigns
 * (176–181, 243–245), named by id; 'Picture Upload', found by its key name. Their key name cannot
 * change and they cannot be deleted (422). Plain values, no schema: the offers' storage reads them
 * without building the catalogue's operations (ADR 0495).
 */
export const PROTECTED_OFFER_IDS: ReadonlySet<number> = new Set([...requiredOffers(false), ...Object.values(PictureServiceOffer).flatMap((set) => Object.values(set))]);
export const PROTECTED_OFFER_KEYS: ReadonlySet<string> = new Set([PICTURE_UPLOAD_KEY]);

export const isProtectedOffer = (offer: { id: number; key_name: string }): boolean => PROTECTED_OFFER_IDS.has(offer.id) || PROTECTED_OFFER_KEYS.has(offer.key_name);

/** The refusals of a protected offer's rename or deletion (the web translates them, `offers.message.<key>`). */
export const OFFER_PROTECTION_MESSAGES = {
  keyProtected: 'The application relies on this service offer: its key name cannot change.',
  deleteProtected: 'The application relies on this service offer: it cannot be deleted.',
} as const;
