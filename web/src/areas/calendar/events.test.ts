import { describe, expect, it } from 'vitest';
import { availabilityEvent, CALENDAR_VIEW, dataRange } from './events.ts';

describe('an availability on the calendar (part 2 §9, docs/decisions/0530)', () => {
  const stored = { date: '2026-03-09', user_id: 1014, user: { id: 1014, firstname: 'Jean-Philippe', lastname: 'Bédard' } };

  it('sits at 23:00 of its day in the month view', () => {
    expect(availabilityEvent(stored, CALENDAR_VIEW.month, 'Available')).toMatchObject({ start: '2026-03-09T23:00:00', allDay: false });
  });

  it('sits at 12:00 of its day in the week and day views, in the hours rather than the all-day row', () => {
    expect(availabilityEvent(stored, CALENDAR_VIEW.week, 'Available')).toMatchObject({ start: '2026-03-09T12:00:00', allDay: false });
    expect(availabilityEvent(stored, CALENDAR_VIEW.day, 'Available')).toMatchObject({ start: '2026-03-09T12:00:00', allDay: false });
  });

  it('keeps its colour, its title and what a click needs to remove it', () => {
    expect(availabilityEvent(stored, CALENDAR_VIEW.week, 'Disponible · Jean-Philippe Bédard')).toMatchObject({
      id: 'a-1014-2026-03-09',
      title: 'Disponible · Jean-Philippe Bédard',
      classNames: ['cal-available'],
      extendedProps: { kind: 'availability', userId: 1014, date: '2026-03-09', name: 'Jean-Philippe Bédard' },
    });
    expect(availabilityEvent({ ...stored, user: null }, CALENDAR_VIEW.month, 'Available').extendedProps).toMatchObject({ name: '' });
  });
});

describe('the days the calendar reads (part 2 §9: the month plus or minus 7 days)', () => {
  it('reads the month of the current date ± 7 days, whichever week of it is on screen', () => {
    expect(dataRange('2026-02-02', { first: '2026-02-02', last: '2026-02-06' })).toEqual({ start: '2026-01-25', end: '2026-03-07' });
    expect(dataRange('2026-02-23', { first: '2026-02-23', last: '2026-02-27' })).toEqual({ start: '2026-01-25', end: '2026-03-07' });
    expect(dataRange('2026-03-15', { first: '2026-03-15', last: '2026-03-15' })).toEqual({ start: '2026-02-22', end: '2026-04-07' });
  });

  it('reaches further when the view shows more: a month grid of six weeks, a week running into the next month', () => {
    // November 2026 in a six-week grid: Sunday October 25 to Saturday December 5.
    expect(dataRange('2026-11-01', { first: '2026-10-25', last: '2026-12-05' })).toEqual({ start: '2026-10-25', end: '2026-12-07' });
    // February 2026 starts on a Sunday: its six-week grid runs to March 14, past the month's end + 7 days.
    expect(dataRange('2026-02-01', { first: '2026-02-01', last: '2026-03-14' })).toEqual({ start: '2026-01-25', end: '2026-03-14' });
    // A five-day week from Thursday January 29: read from the end of December to February 7.
    expect(dataRange('2026-01-29', { first: '2026-01-29', last: '2026-02-02' })).toEqual({ start: '2025-12-25', end: '2026-02-07' });
  });

  it('crosses the year and handles February of a leap year', () => {
    expect(dataRange('2026-12-10', { first: '2026-12-10', last: '2026-12-10' })).toEqual({ start: '2026-11-24', end: '2027-01-07' });
    expect(dataRange('2028-02-10', { first: '2028-02-10', last: '2028-02-10' })).toEqual({ start: '2028-01-25', end: '2028-03-07' });
  });
});
