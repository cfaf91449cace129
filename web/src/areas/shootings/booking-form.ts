import { createShooting } from '#shared/catalogue/shootings.ts';

/** The booking wizard's property step (part 1 §5). */
export interface Property {
  address: string;
  app: string;
  city: string;
  postalcode: string;
  is_house: boolean;
  room_count: number;
  is_existing_listing: boolean;
  only_360: boolean;
  note: string;
}

/** Part 1 §5 defaults: house, 4 rooms, no existing listing. */
export const DEFAULTS: Property = { address: '', app: '', city: '', postalcode: '', is_house: true, room_count: 4, is_existing_listing: false, only_360: false, note: '' };

/**
 * The property step is checked with the booking operation's own input schema (the server runs the same
 * one), not re-checked by hand: required address and city, the postal code's minimum length, the
 * room count and the text lengths.
 */
export const propertyInput = createShooting.input.pick({
  address: true,
  app: true,
  city: true,
  postalcode: true,
  is_house: true,
  room_count: true,
  is_existing_listing: true,
  only_360: true,
  note: true,
});

export const propertyIsValid = (property: Property): boolean => propertyInput.safeParse(property).success;
