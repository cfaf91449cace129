import { getAllScheduleForTimeperiod } from '#shared/catalogue/calendar.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { activeUsersOfRole } from '../storage/users.ts';
import { scheduleOf } from '../use-cases/calendar.ts';

/** Every active capture technician's schedule over a period (administrators). */
export const handler = apiHandler(getAllScheduleForTimeperiod, async ({ start, end }) => scheduleOf(await activeUsersOfRole(Role.tech_capture), start, end));
