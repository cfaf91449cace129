import { getUserScheduleForTimeperiod } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { calendarTechnician, scheduleOf } from '../use-cases/calendar.ts';

/** One technician's schedule over a period; a technician reads only their own. */
export const handler = apiHandler(getUserScheduleForTimeperiod, async ({ user_id, start, end }, { user }) => scheduleOf([await calendarTechnician(user, user_id)], start, end));
