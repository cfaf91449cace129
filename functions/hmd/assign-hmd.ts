import { assignHmd } from '#shared/catalogue/hmd.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { CHANGED_MEANWHILE, getHmd, updateHmd } from '../storage/hmds.ts';
import { assignableUser, hmdView } from '../use-cases/hmd-views.ts';

/** Assigns a headset to a user (reassigns an assigned one). */
export const handler = apiHandler(assignHmd, async ({ id, user_id, version }) => {
  const hmd = await getHmd(id);
  if (!hmd) throw notFound('Headset not found.');
  if (version !== undefined && hmd.version !== version) throw conflict(CHANGED_MEANWHILE);
  await assignableUser(user_id);
  return { hmd: await hmdView(await updateHmd(hmd, { user_id })) };
});
