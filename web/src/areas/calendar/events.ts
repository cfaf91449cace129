import type { EventInput } from '@fullcalendar/core';
import type { AvailabilityView, CalendarShooting } from '#shared/catalogue/calendar.ts';
import { addDays, localTimeMs } from '#shared/rules/business-time.ts';
import { shootingInterval } from '#shared/rules/shooting-progress.ts';
import { SLOT_HOURS } from '#shared/rules/slots.ts';
import { formatTimeOfDay, formatTimeRange } from '../../i18n/format.ts';

/** The calendar's views (part 2 §2): the month, the custom 5-day week and the day. */
export const CALENDAR_VIEW = { month: 'dayGridMonth', week: 'timeGridFiveDay', day: 'timeGridDay' } as const;
export type CalendarView = (typeof CALENDAR_VIEW)[keyof typeof CALENDAR_VIEW];

/**
 * Part 2 §9: a whole-day availability is drawn as a timed event at an hour of its day, 23:00 in
 * the month view (after the day's other events) and 12:00 in the week and day views (in the
 * hours, not the all-day row): docs/decisions/0530.
 */
export const AVAILABILITY_HOUR: Record<CalendarView, number> = { dayGridMonth: 23, timeGridFiveDay: 12, timeGridDay: 12 };

export const nameOf = (u: { firstname: string; lastname: string } | null) => (u ? `${u.firstname} ${u.lastname}` : '');

/** What a click on an availability needs to offer its removal. */
export interface AvailabilityProps {
  kind: 'availability';
  userId: number;
  date: string;
  name: string;
}

/**
 * A stored availability as the calendar's event in `view`: a wall-clock start on its date (no
 * offset, so the browser's clock and its date agree) and FullCalendar's default hour of duration.
 */
export function availabilityEvent(a: AvailabilityView, view: CalendarView, title: string): EventInput {
  const hour = String(AVAILABILITY_HOUR[view]).padStart(2, '0');
  const extendedProps: AvailabilityProps = { kind: 'availability', userId: a.user_id, date: a.date, name: nameOf(a.user) };
  return {
    id: `a-${a.user_id}-${a.date}`,
    title,
    start: `${a.date}T${hour}:00:00`,
    allDay: false,
    // A bar in the month too, as the all-day availability was (a timed event would be a dot there).
    display: 'block',
    classNames: ['cal-available'],
    extendedProps,
  };
}

/** Part 2 §9: the calendar reads the data of the month on screen plus or minus this many days. */
export const MARGIN_DAYS = 7;

/**
 * The days the calendar reads (part 2 §9; both ends included, Quebec dates): the month of the view's
 * current date ± 7 days, and more when the view shows days beyond it (a month grid's sixth week, a
 * week that runs into the next month). Moving from week to week inside a month reads nothing new.
 */
export function dataRange(current: string, visible: { first: string; last: string }): { start: string; end: string } {
  const monthStart = `${current.slice(0, 7)}-01`;
  const nextMonth = addDays(monthStart, 31).slice(0, 7);
  const monthEnd = addDays(`${nextMonth}-01`, -1);
  const start = addDays(monthStart, -MARGIN_DAYS);
  const end = addDays(monthEnd, MARGIN_DAYS);
  return { start: visible.first < start ? visible.first : start, end: visible.last > end ? visible.last : end };
}

/**
 * A shooting's place on the calendar: from its start time to its end, or one hour when it has no end
 * (part 2 §9, as the planner draws it: a locked day confirms a start time only); without a start
 * time, its half-day's window by the wall clock (part 1 §2.5).
 */
export function shootingSpan(s: Pick<CalendarShooting, 'scheduleddate' | 'am' | 'starttime' | 'endtime'>): { start: number; end: number } {
  const timed = shootingInterval(s);
  if (timed) return timed;
  const hours = s.am ? SLOT_HOURS.am : SLOT_HOURS.pm;
  return { start: localTimeMs(s.scheduleddate, hours.start), end: localTimeMs(s.scheduleddate, hours.end) };
}

/**
 * An event's time as the rest of the app writes it ('9h00 - 9h50' / '9:00 a.m. – 9:50 a.m.'), for
 * FullCalendar's `eventTimeFormat`: its markers carry the calendar's (Quebec's) wall time.
 */
export function eventTimeText(start: { hour: number; minute: number }, end: { hour: number; minute: number } | undefined, lng: string): string {
  const seconds = (t: { hour: number; minute: number }) => t.hour * 3600 + t.minute * 60;
  return end ? formatTimeRange(seconds(start), seconds(end), lng) : formatTimeOfDay(seconds(start), lng);
}
