import { CALENDAR_MESSAGES, removeUnavailability } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { removeUnavailability as remove, unavailabilityById } from '../storage/unavailabilities.ts';
import { calendarTechnician } from '../use-cases/calendar.ts';

/** Removes an unavailability by its id (a technician: their own). */
export const handler = apiHandler(removeUnavailability, async ({ id }, { user, log }) => {
  const u = await unavailabilityById(id);
  if (!u) throw notFound(CALENDAR_MESSAGES.noUnavailability);
  await calendarTechnician(user, u.user_id);
  await remove(u);
  log('unavailability removed', { id, user_id: u.user_id });
  return { status: 200 as const };
});
