import type { UserRecord } from '#shared/entities/user.ts';
import { Role } from '#shared/roles.ts';
import { usersOfRole } from '../storage/users.ts';

/** How many brokers one search reads at most (one bounded Query of the users of the broker role, by last name). */
export const MAX_BROKERS_READ = 5000;

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Brokers whose name or e-mail contains the text (accents and case ignored), by last name, at most `limit`. */
export async function searchBrokersByText(text: string, limit: number): Promise<UserRecord[]> {
  const wanted = fold(text);
  const brokers = await usersOfRole(Role.broker, MAX_BROKERS_READ);
  return brokers.filter((b) => fold(`${b.firstname} ${b.lastname} ${b.lastname} ${b.firstname} ${b.email}`).includes(wanted)).slice(0, limit);
}
