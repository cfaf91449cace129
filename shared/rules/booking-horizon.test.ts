import { describe, expect, it } from 'vitest';
import { BOOKING_HORIZON_DAYS, beyondHorizon, lastBookableDay } from './booking-horizon.ts';

describe('booking horizon', () => {
  // 2026-11-22 15:00 in Quebec (UTC-5).
  const now = Date.parse('2026-11-22T20:00:00Z');

  it('ends 90 days after the Quebec today, that day included', () => {
    expect(BOOKING_HORIZON_DAYS).toBe(90);
    expect(lastBookableDay(now)).toBe('2027-02-20');
    expect(beyondHorizon('2027-02-20', now)).toBe(false);
    expect(beyondHorizon('2027-02-21', now)).toBe(true);
    expect(beyondHorizon('9999-12-30', now)).toBe(true);
    expect(beyondHorizon('2026-11-22', now)).toBe(false);
  });

  it('counts from the Quebec day, not the UTC one', () => {
    // 2026-11-23 03:30 UTC is still 22 November in Quebec.
    expect(lastBookableDay(Date.parse('2026-11-23T03:30:00Z'))).toBe('2027-02-20');
  });
});
