import { HMD_USER_SEARCH_LIMIT, searchHmdUsers } from '#shared/catalogue/hmd.ts';
import { ALL_ROLES } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { usersOfRole } from '../storage/users.ts';
import { fold } from '../use-cases/hmd-views.ts';

/** Users read per role at most (one bounded index Query per role, by last name). */
export const MAX_USERS_READ_PER_ROLE = 5000;

/** The user picker of the headset dialog: users (not suspended) whose name or e-mail contains the text. */
export const handler = apiHandler(searchHmdUsers, async ({ text }) => {
  const wanted = fold(text);
  const users = (await Promise.all(ALL_ROLES.map((role) => usersOfRole(role, MAX_USERS_READ_PER_ROLE)))).flat();
  const found = users
    .filter((u) => !u.suspended && fold(`${u.firstname} ${u.lastname}\n${u.lastname} ${u.firstname}\n${u.email}`).includes(wanted))
    .sort((a, b) => a.lastname.localeCompare(b.lastname, 'fr') || a.firstname.localeCompare(b.firstname, 'fr') || a.id - b.id);
  return { result: found.slice(0, HMD_USER_SEARCH_LIMIT).map(({ id, firstname, lastname, email }) => ({ id, firstname, lastname, email })) };
});
