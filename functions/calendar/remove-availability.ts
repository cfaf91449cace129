import { CALENDAR_MESSAGES, removeAvailability } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { removeAvailability as remove } from '../storage/availabilities.ts';
import { calendarTechnician } from '../use-cases/calendar.ts';

/** Removes one whole-day availability (a technician: their own); what they already hold that day stays theirs. */
export const handler = apiHandler(removeAvailability, async ({ user_id, date }, { user, log }) => {
  await calendarTechnician(user, user_id);
  if (!(await remove(user_id, date))) throw notFound(CALENDAR_MESSAGES.noAvailability);
  log('availability removed', { user_id, date });
  return { status: 200 as const };
});
