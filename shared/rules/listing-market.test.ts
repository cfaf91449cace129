import { describe, expect, it } from 'vitest';
import { ListingState } from '../enums.ts';
import { isOnMarket, shownInHeadset } from './listing-market.ts';

describe('on the market and in the headset (part 3 §3)', () => {
  it('is on the market until sold or expired', () => {
    expect(isOnMarket({ sold: false, expired: false })).toBe(true);
    expect(isOnMarket({ sold: true, expired: false })).toBe(false);
    expect(isOnMarket({ sold: false, expired: true })).toBe(false);
  });

  it('shows in the headset only a vr_ready listing on the market', () => {
    expect(shownInHeadset({ state: ListingState.vr_ready, on_market: true })).toBe(true);
    expect(shownInHeadset({ state: ListingState.vr_ready, on_market: false })).toBe(false);
    for (const state of [ListingState.created, ListingState.captured, ListingState.validated, ListingState.postponed]) expect(shownInHeadset({ state, on_market: true })).toBe(false);
  });
});
