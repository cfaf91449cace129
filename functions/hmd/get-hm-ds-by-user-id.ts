import { getHMDsByUserId } from '#shared/catalogue/hmd.ts';
import { HMD_ROLES } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { hmdsOfUser } from '../storage/hmds.ts';
import { hmdViews } from '../use-cases/hmd-views.ts';

/** A user's headsets: anyone's for the HMD roles, otherwise only the caller's own (others answer 404). */
export const handler = apiHandler(getHMDsByUserId, async ({ user_id }, { user }) => {
  if (user_id !== user.id && !(HMD_ROLES as readonly number[]).includes(user.role)) throw notFound();
  return { status: 200 as const, hmds: await hmdViews(await hmdsOfUser(user_id)) };
});
