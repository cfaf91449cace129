import { HMD_USER_SEARCH_LIMIT, searchHmdUsers } from '#shared/catalogue/hmd.ts';
import { ALL_ROLES } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { USERS_PER_ROLE_MAX } from '#shared/entities/user.ts';
import { userDirectory } from '../storage/users.ts';
import { foldText } from '#shared/rules/fold-text.ts';

/** The user picker of the headset dialog: users (not suspended) whose name or e-mail contains the text. */
export const handler = apiHandler(searchHmdUsers, async ({ text }) => {
  const wanted = foldText(text);
  // Every user of every role, as the user list reads them (a projection of the role index).
  const users = (await Promise.all(ALL_ROLES.map((role) => userDirectory(role, USERS_PER_ROLE_MAX)))).flat();
  const found = users
    .filter((u) => !u.suspended && foldText(`${u.firstname} ${u.lastname}\n${u.lastname} ${u.firstname}\n${u.email}`).includes(wanted))
    .sort((a, b) => a.lastname.localeCompare(b.lastname, 'fr') || a.firstname.localeCompare(b.firstname, 'fr') || a.id - b.id);
  return { result: found.slice(0, HMD_USER_SEARCH_LIMIT).map(({ id, firstname, lastname, email }) => ({ id, firstname, lastname, email })) };
});
