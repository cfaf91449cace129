import { getStatesByDate } from '#shared/catalogue/rij.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { sdCardStates } from '../storage/injector.ts';

/** SD-card state records of a date: the caller's own; everyone's for admin levels. Not rendered (part 2). */
export const handler = apiHandler(getStatesByDate, async ({ date }, { user }) => {
  return { cards: await sdCardStates(date, isAdminLevel(user.role) ? undefined : user.id) };
});
