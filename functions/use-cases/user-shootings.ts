import type { SessionUser } from '#shared/catalogue/session.ts';
import { USER_SHOOTINGS_MAX } from '#shared/catalogue/users.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import { shootingViews, type StoredShooting } from '../storage/shootings.ts';
import { readableUser } from './user-form.ts';

/**
 * A user's shootings for the user form, newest first (their index read backwards, at most
 * USER_SHOOTINGS_MAX items): the same readers as the user (own only outside the admin levels).
 */
export async function userShootings(caller: SessionUser, id: number, readNewest: (id: number, max: number) => Promise<StoredShooting[]>): Promise<ShootingView[]> {
  await readableUser(caller, id);
  return shootingViews(await readNewest(id, USER_SHOOTINGS_MAX));
}
