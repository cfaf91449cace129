import { PictureServiceOffer, Subscription } from '../enums.ts';

/**
 * Picture types (part 3 §9: 'Picture-type choices depend on subscription (platform versus
 * per-card), each with traditional, drone, blue hour'). A picture's type is its service_offer_id.
 * Platform (8) and application (9) subscribers have their own three ids; every other broker buys
 * per card (Base and the discounts, or no subscription) and gets the 'map' ids. docs/decisions/0276.
 */
export const PICTURE_TYPES = ['traditional', 'drone', 'blue_hour'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

export type PictureTypeSet = keyof typeof PictureServiceOffer;

export function pictureTypeSet(subscriptionId: number | null | undefined): PictureTypeSet {
  if (subscriptionId === Subscription.platform) return 'platform';
  if (subscriptionId === Subscription.application) return 'application';
  return 'map';
}

/** The service-offer ids a broker of this subscription may give pictures, by type. */
export const pictureTypeChoices = (subscriptionId: number | null | undefined): Readonly<Record<PictureType, number>> => PictureServiceOffer[pictureTypeSet(subscriptionId)];

/** The type a service-offer id stands for, whatever the subscription (undefined: not a picture type). */
export function pictureTypeOf(serviceOfferId: number | null | undefined): PictureType | undefined {
  if (serviceOfferId == null) return undefined;
  for (const set of Object.values(PictureServiceOffer)) {
    const found = PICTURE_TYPES.find((type) => set[type] === serviceOfferId);
    if (found) return found;
  }
  return undefined;
}
