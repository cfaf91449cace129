import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { BUSINESS_TIME_ZONE, localClockOf, localOffsetMinutesAt } from '#shared/rules/business-time.ts';

/**
 * Quebec's clock for FullCalendar's `timeZone` (its named zones need a plugin): the calendar shows
 * the business's days and hours wherever the browser is, as the planner and the server count them.
 */
class QuebecTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    return localOffsetMinutesAt(a);
  }

  timestampToArray(ms: number): number[] {
    return localClockOf(ms);
  }
}

export const quebecTimeZone = createPlugin({ name: 'quebec-time-zone', namedTimeZonedImpl: QuebecTimeZone });
export const CALENDAR_TIME_ZONE = BUSINESS_TIME_ZONE;
