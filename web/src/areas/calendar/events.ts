import type { EventInput } from '@fullcalendar/core';
import type { AvailabilityView } from '#shared/catalogue/calendar.ts';

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
