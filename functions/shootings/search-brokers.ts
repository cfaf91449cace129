import { BROKER_SEARCH_LIMIT, searchBrokers } from '#shared/catalogue/shootings.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { usersOfRole } from '../storage/users.ts';

/** How many brokers one search reads at most (one bounded Query of the users of the broker role, by last name). */
export const MAX_BROKERS_READ = 5000;

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The broker picker of an administrator's booking (docs/decisions/0117): name or e-mail contains the text. */
export const handler = apiHandler(searchBrokers, async ({ text }) => {
  const wanted = fold(text);
  const brokers = await usersOfRole(Role.broker, MAX_BROKERS_READ);
  const found = brokers.filter((b) => fold(`${b.firstname} ${b.lastname} ${b.lastname} ${b.firstname} ${b.email}`).includes(wanted));
  return { data: found.slice(0, BROKER_SEARCH_LIMIT).map(({ id, firstname, lastname, email }) => ({ id, firstname, lastname, email })) };
});
