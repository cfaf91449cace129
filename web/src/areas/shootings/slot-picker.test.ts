import { describe, expect, it } from 'vitest';
import { dayStartMs } from '#shared/rules/business-time.ts';
import { pageHolding } from './slot-picker.tsx';

describe('pageHolding', () => {
  const today = '2026-11-30';
  const slot = (date: string) => ({ date_in_ts: dayStartMs(date), is_am: true });

  it("opens on the 7-day page, counted from today, that holds the shooting's slot", () => {
    expect(pageHolding(today, undefined)).toBe(today);
    expect(pageHolding(today, slot('2026-11-29'))).toBe(today);
    expect(pageHolding(today, slot(today))).toBe(today);
    expect(pageHolding(today, slot('2026-12-06'))).toBe(today);
    expect(pageHolding(today, slot('2026-12-07'))).toBe('2026-12-07');
    expect(pageHolding(today, slot('2026-12-20'))).toBe('2026-12-14');
    expect(pageHolding(today, slot('2027-02-28'))).toBe('2027-02-22');
  });
});
