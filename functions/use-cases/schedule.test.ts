import { describe, expect, it } from 'vitest';
import { byTimeOfDay } from './schedule.ts';

type Card = { id: number; starttime: string | null; am: boolean };
const timed = (id: number, starttime: string, am = true): Card => ({ id, starttime, am });
const untimed = (id: number, am: boolean): Card => ({ id, starttime: null, am });
const order = (date: string, cards: Card[]) => [...cards].sort(byTimeOfDay(date)).map((c) => c.id);

describe('byTimeOfDay (the /schedule cards, docs/decisions/0165)', () => {
  it('places an untimed morning shooting at 8:30 and an afternoon one at 12:30 among the timed ones', () => {
    const day = '2026-06-10'; // Quebec on daylight time (UTC-4)
    const cards = [
      untimed(1, false), // 12:30
      untimed(2, true), // 8:30
      timed(3, `${day}T14:00:00-04:00`, false),
      timed(4, `${day}T09:00:00-04:00`),
      timed(5, `${day}T12:00:00.000Z`), // 8:00 in Quebec
      timed(6, `${day}T16:00:00.000Z`), // 12:00 in Quebec, written in UTC
    ];
    expect(order(day, cards)).toEqual([5, 2, 4, 6, 1, 3]);
  });

  it('compares instants, not their text, on a standard-time day too', () => {
    const day = '2026-01-14'; // UTC-5
    // 13:45Z is 8:45, after the morning's 8:30; 17:00Z is 12:00, before the afternoon's 12:30.
    expect(order(day, [untimed(1, false), timed(2, `${day}T17:00:00Z`), timed(3, `${day}T13:45:00Z`), untimed(4, true)])).toEqual([4, 3, 2, 1]);
  });

  it('keeps the id order for one time of day, and reads an unparsable start as its half-day', () => {
    const day = '2026-06-10';
    expect(order(day, [untimed(9, true), timed(3, `${day}T08:30:00-04:00`), timed(7, 'not a time', true), untimed(2, true)])).toEqual([2, 3, 7, 9]);
  });
});
