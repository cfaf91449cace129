import { describe, expect, it } from 'vitest';
import { listingStateReadingsSchema } from './listing-state-readings.ts';

describe('SETTINGS#listing-states', () => {
  it('reads as the spec reports when absent, and a mistyped field as its default, never an error (docs/decisions/0715)', () => {
    expect(listingStateReadingsSchema.parse({})).toEqual({ listings: 'postponed', planner: 'delivered' });
    expect(listingStateReadingsSchema.parse({ listings: 'Delivered', planner: 'livrée' })).toEqual({ listings: 'postponed', planner: 'delivered' });
    expect(listingStateReadingsSchema.parse({ listings: 'delivered', planner: 'postponed', pk: 'SETTINGS#listing-states' })).toEqual({ listings: 'delivered', planner: 'postponed' });
  });
});
