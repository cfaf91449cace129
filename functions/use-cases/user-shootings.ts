import type { SessionUser } from '#shared/catalogue/session.ts';
import { USER_SHOOTINGS_MAX } from '#shared/catalogue/users.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import { shootingViews, type StoredShooting } from '../storage/shootings.ts';
import { readableUser } from './user-form.ts';

/** A user's shootings for the user form, newest first: the same readers as the user (own only outside the admin levels). */
export async function userShootings(caller: SessionUser, id: number, read: (id: number) => Promise<StoredShooting[]>): Promise<ShootingView[]> {
  await readableUser(caller, id);
  const shootings = (await read(id)).sort((a, b) => b.scheduleddate.localeCompare(a.scheduleddate) || b.id - a.id).slice(0, USER_SHOOTINGS_MAX);
  return shootingViews(shootings);
}
