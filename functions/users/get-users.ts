import { getUsers, USERS_PER_ROLE_MAX } from '#shared/catalogue/users.ts';
import { ALL_ROLES } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listBrokerTeams } from '../storage/broker-teams.ts';
import { userDirectory } from '../storage/users.ts';

/** The user list (part 2 §2): every user, or one role's, by last name then first name, with the franchise's name. */
export const handler = apiHandler(getUsers, async ({ role }) => {
  const roles = role === undefined ? ALL_ROLES : [role];
  const [lists, teams] = await Promise.all([Promise.all(roles.map((r) => userDirectory(r, USERS_PER_ROLE_MAX))), listBrokerTeams()]);
  const franchises = new Map(teams.franchises.map((f) => [f.id, f.name]));
  const users = lists.flat().sort((a, b) => a.lastname.localeCompare(b.lastname, 'fr') || a.firstname.localeCompare(b.firstname, 'fr') || a.id - b.id);
  return {
    data: users.map((u) => ({
      id: u.id,
      firstname: u.firstname,
      lastname: u.lastname,
      email: u.email,
      phone_number: u.phone_number,
      role: u.role,
      suspended: u.suspended,
      franchise: u.franchise_id === null ? null : (franchises.get(u.franchise_id) ?? null),
    })),
  };
});
