import { describe, expect, it } from 'vitest';
import { availabilityEvent, CALENDAR_VIEW } from './events.ts';

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
