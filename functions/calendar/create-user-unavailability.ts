import { createUserUnavailability } from '#shared/catalogue/calendar.ts';
import { unavailabilityOfSelection } from '#shared/rules/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { addUnavailability } from '../storage/unavailabilities.ts';
import { calendarTechnician } from '../use-cases/calendar.ts';

/** An unavailability from a calendar time selection: UTC, seconds zeroed, the 7 o'clock rule (part 2 §5). */
export const handler = apiHandler(createUserUnavailability, async ({ user_id, start, end, reason }, { user, log }) => {
  const tech = await calendarTechnician(user, user_id);
  const interval = unavailabilityOfSelection(start, end);
  const u = await addUnavailability(tech.id, interval.start, interval.end, reason ?? '');
  log('unavailability added', { user_id, id: u.id, ...interval });
  return { result: { ...u, user: { id: tech.id, firstname: tech.firstname, lastname: tech.lastname } } };
});
