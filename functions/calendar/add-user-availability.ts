import { addUserAvailability } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { addAvailabilities } from '../storage/availabilities.ts';
import { calendarTechnician } from '../use-cases/calendar.ts';

/** Whole-day availabilities of one technician (a technician: their own). */
export const handler = apiHandler(addUserAvailability, async ({ user_id, dates }, { user, log }) => {
  const tech = await calendarTechnician(user, user_id);
  const availabilities = await addAvailabilities([tech.id], dates);
  log('availabilities added', { user_id, dates });
  return { availabilities: availabilities.map((a) => ({ ...a, user: { id: tech.id, firstname: tech.firstname, lastname: tech.lastname } })) };
});
