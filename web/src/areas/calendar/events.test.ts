import { describe, expect, it } from 'vitest';
import { availabilityEvent, CALENDAR_VIEW, dataRange, shootingSpan, eventTimeText } from './events.ts';

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

describe("a shooting's place on the calendar", () => {
  const at = (iso: string) => Date.parse(iso);

  it('runs from its start time to its end', () => {
    expect(shootingSpan({ scheduleddate: '2026-12-08', am: true, starttime: '2026-12-08T15:00:00.000Z', endtime: '2026-12-08T16:30:00.000Z' })).toEqual({ start: at('2026-12-08T15:00:00Z'), end: at('2026-12-08T16:30:00Z') });
  });

  it('lasts one hour from its start time when it has no end (a locked day confirms a start time only)', () => {
    // 10:45 in Montreal (UTC−5 in December).
    expect(shootingSpan({ scheduleddate: '2026-12-08', am: true, starttime: '2026-12-08T15:45:00.000Z', endtime: null })).toEqual({ start: at('2026-12-08T15:45:00Z'), end: at('2026-12-08T16:45:00Z') });
  });

  it("fills its half-day's window by the wall clock when it has no start time, on the clock-change days too", () => {
    expect(shootingSpan({ scheduleddate: '2026-12-08', am: true, starttime: null, endtime: null })).toEqual({ start: at('2026-12-08T13:30:00Z'), end: at('2026-12-08T17:30:00Z') });
    // Sunday March 14, 2027: the clocks go forward at 2:00; the morning is 8:30 to 12:30 EDT (UTC−4).
    expect(shootingSpan({ scheduleddate: '2027-03-14', am: true, starttime: null, endtime: null })).toEqual({ start: at('2027-03-14T12:30:00Z'), end: at('2027-03-14T16:30:00Z') });
    // Sunday November 1, 2026: back to EST at 2:00; the afternoon is 12:30 to 17:00 EST (UTC−5).
    expect(shootingSpan({ scheduleddate: '2026-11-01', am: false, starttime: null, endtime: null })).toEqual({ start: at('2026-11-01T17:30:00Z'), end: at('2026-11-01T22:00:00Z') });
  });
});

describe('eventTimeText', () => {
  it("writes an event's times as the app does, in the screen's language", () => {
    expect(eventTimeText({ hour: 9, minute: 0 }, { hour: 9, minute: 50 }, 'fr')).toBe('9h00 - 9h50');
    expect(eventTimeText({ hour: 9, minute: 0 }, { hour: 9, minute: 50 }, 'en')).toBe('9:00 a.m. – 9:50 a.m.');
    expect(eventTimeText({ hour: 8, minute: 30 }, undefined, 'fr')).toBe('8h30');
    expect(eventTimeText({ hour: 17, minute: 5 }, undefined, 'en')).toBe('5:05 p.m.');
  });
});
