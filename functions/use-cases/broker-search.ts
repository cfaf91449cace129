import { USERS_PER_ROLE_MAX } from '#shared/entities/user.ts';
import { Role } from '#shared/roles.ts';
import { userDirectory, usersById, type StoredUser } from '../storage/users.ts';
import { foldText } from '#shared/rules/fold-text.ts';

/**
 * Brokers whose name or e-mail contains the text (accents and case ignored), by last name, at most
 * `limit`: every broker is searched (the directory's projection of the role, as the user list reads
 * it), then the records of those found are read whole.
 */
export async function searchBrokersByText(text: string, limit: number): Promise<StoredUser[]> {
  const wanted = foldText(text);
  const brokers = await userDirectory(Role.broker, USERS_PER_ROLE_MAX);
  const found = brokers.filter((b) => foldText(`${b.firstname} ${b.lastname} ${b.lastname} ${b.firstname} ${b.email}`).includes(wanted)).slice(0, limit);
  const records = await usersById(found.map((b) => b.id));
  return found.map((b) => records.get(b.id)).filter((u): u is StoredUser => u !== undefined && u.role === Role.broker);
}
