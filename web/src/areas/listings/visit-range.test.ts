import { describe, expect, it } from 'vitest';
import { lastMonthRange, sameDayLastMonth } from './visit-range.ts';

describe('the default visit range: the same day one calendar month earlier (part 3 §9)', () => {
  it.each([
    ['2025-05-31', '2025-04-30'],
    ['2025-03-31', '2025-02-28'],
    ['2024-03-31', '2024-02-29'],
    ['2024-03-29', '2024-02-29'],
    ['2025-03-29', '2025-02-28'],
    ['2025-03-30', '2025-02-28'],
    ['2025-07-31', '2025-06-30'],
    ['2025-08-31', '2025-07-31'],
    ['2025-05-29', '2025-04-29'],
    ['2025-01-15', '2024-12-15'],
    ['2025-01-31', '2024-12-31'],
    ['2025-06-01', '2025-05-01'],
    ['2100-03-31', '2100-02-28'],
    ['2000-03-31', '2000-02-29'],
  ])('%s → %s', (today, from) => {
    expect(sameDayLastMonth(today)).toBe(from);
  });

  it('ends today', () => {
    expect(lastMonthRange('2025-05-31')).toEqual({ from: '2025-04-30', to: '2025-05-31' });
  });
});
