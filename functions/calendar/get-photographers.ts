import { getPhotographers } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { photographersFor } from '../use-cases/calendar.ts';

/** The technicians the caller's calendar may show: all for administrators (the suspended ones too when asked), themselves for a technician. */
export const handler = apiHandler(getPhotographers, async ({ suspended }, { user }) => ({ photographers: await photographersFor(user, suspended) }));
