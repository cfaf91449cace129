import { describe, expect, it } from 'vitest';
import { everyDay, lastMonthRange, sameDayLastMonth } from './visit-range.ts';

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

describe('the days a visit chart shows', () => {
  it('are every day of the range in order, a day without visits at 0', () => {
    const days = [
      { date: '2026-05-20', visitor: 4, session: 5 },
      { date: '2026-05-01', visitor: 5, session: 6 },
    ];
    const shown = everyDay(days, { from: '2026-04-30', to: '2026-05-21' }, { visitor: 0, session: 0 });
    expect(shown).toHaveLength(22);
    expect(shown[0]).toEqual({ date: '2026-04-30', visitor: 0, session: 0 });
    expect(shown[1]).toEqual({ date: '2026-05-01', visitor: 5, session: 6 });
    expect(shown.slice(2, 20).every((d) => d.visitor === 0 && d.session === 0)).toBe(true);
    expect(shown[20]).toEqual({ date: '2026-05-20', visitor: 4, session: 5 });
    expect(shown.map((d) => d.date)).toEqual([...shown.map((d) => d.date)].sort());
  });

  it('crosses a month and a year end', () => {
    expect(everyDay<{ date: string; visitor: number }>([], { from: '2026-12-30', to: '2027-01-02' }, { visitor: 0 }).map((d) => d.date)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});
