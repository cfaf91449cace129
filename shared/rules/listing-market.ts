import { ListingState } from '../enums.ts';

/**
 * Part 3 §3 names a listing's `on_market` without saying where it comes from. Here a listing is on
 * the market until it is sold or expires, the two flags staff set in the listing dialog
 * (docs/decisions/0202).
 */
export function isOnMarket(listing: { sold: boolean; expired: boolean }): boolean {
  return !listing.sold && !listing.expired;
}

/** Part 3 §3: 'The head-mounted display app shows a listing only when state is 3 and on_market is true.' */
export function shownInHeadset(listing: { state: number; on_market: boolean }): boolean {
  return listing.state === ListingState.vr_ready && listing.on_market;
}
