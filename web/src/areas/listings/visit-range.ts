import { addDays } from '#shared/rules/business-time.ts';

/**
 * Part 3 screens 1 and 3, §9: the visit statistics' default range is last month to today. "Last
 * month" is the same day one calendar month earlier, on the last day of that month when it is
 * shorter (31 May → 30 April, 31 March → 28 or 29 February, 15 January → 15 December before).
 */
export function sameDayLastMonth(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // Day 0 of this month is the last day of the month before: its length.
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The default range of the visit statistics: the same day last month to today (both YYYY-MM-DD). */
export function lastMonthRange(today: string): { from: string; to: string } {
  return { from: sameDayLastMonth(today), to: today };
}

/**
 * The days of a range in order, each with its figures or with `zero`: the server leaves days without
 * visits out, and a chart of visits by date must show them as 0, spaced as the calendar spaces them.
 */
export function everyDay<T extends { date: string }>(days: readonly T[], range: { from: string; to: string }, zero: Omit<T, 'date'>): T[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const out: T[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) out.push(byDate.get(date) ?? ({ ...zero, date } as T));
  return out;
}
