import { getStatesByDate } from '#shared/catalogue/rij.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { sdCardStates } from '../commons/injector.ts';

/** SD-card state records of a date: the caller's own; everyone's for admin levels. Not rendered (part 2). */
export const handler = apiHandler(getStatesByDate, async ({ date }, { user }) => {
  return { cards: await sdCardStates(date, isAdminLevel(user.role) ? undefined : user.id) };
});
