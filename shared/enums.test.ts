import { describe, expect, it } from 'vitest';
import { DEFAULT_LISTING_STATE_4_READINGS, ListingState, listingStateName } from './enums.ts';

describe('listing state names', () => {
  it('read 4 by the place’s reading: postponed on the listing screens and delivered in the planner dialog unless set otherwise (part 1 §3)', () => {
    expect(DEFAULT_LISTING_STATE_4_READINGS).toEqual({ listings: 'postponed', planner: 'delivered' });
    expect(listingStateName(ListingState.postponed, DEFAULT_LISTING_STATE_4_READINGS.listings)).toBe('postponed');
    expect(listingStateName(ListingState.postponed, DEFAULT_LISTING_STATE_4_READINGS.planner)).toBe('delivered');
    expect([0, 1, 2, 3].map((state) => listingStateName(state, 'delivered'))).toEqual(['created', 'captured', 'validated', 'vr_ready']);
    expect(listingStateName(9, 'postponed')).toBe('created');
  });
});
