import { getPhotographers } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { photographersFor } from '../use-cases/calendar.ts';

/** The technicians the caller's calendar may show: all for administrators, themselves for a technician. */
export const handler = apiHandler(getPhotographers, async (_input, { user }) => ({ photographers: await photographersFor(user) }));
