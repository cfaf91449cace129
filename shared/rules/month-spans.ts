import { addDays } from './business-time.ts';

/**
 * A range of days [from, to] (YYYY-MM-DD, both included) as the whole calendar months inside it
 * ('YYYY-MM') and the days left at its edges: a sum over the range reads a month's total once
 * instead of each of its days (the visit report, ADR 0695).
 */
export function monthsAndDays(from: string, to: string): { months: string[]; days: string[] } {
  const months: string[] = [];
  const days: string[] = [];
  let d = from;
  while (d <= to) {
    const month = d.slice(0, 7);
    const last = addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);
    if (d.endsWith('-01') && last <= to) {
      months.push(month);
      d = addDays(last, 1);
    } else {
      days.push(d);
      d = addDays(d, 1);
    }
  }
  return { months, days };
}
