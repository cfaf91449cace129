import { editHmd } from '#shared/catalogue/hmd.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { CHANGED_MEANWHILE, getHmd, updateHmd } from '../storage/hmds.ts';
import { assignableUser, hmdView } from '../use-cases/hmd-views.ts';

/** Edits a headset's user (null: unassigned), notes, city and postal code, from the version the caller read. */
export const handler = apiHandler(editHmd, async ({ id, version, user_id, notes, city, postalcode }) => {
  const hmd = await getHmd(id);
  if (!hmd) throw notFound('Headset not found.');
  if (hmd.version !== version) throw conflict(CHANGED_MEANWHILE);
  if (user_id !== null && user_id !== hmd.user_id) await assignableUser(user_id);
  const saved = await updateHmd(hmd, {
    user_id,
    notes,
    ...(city !== undefined ? { city: city || null } : {}),
    ...(postalcode !== undefined ? { postalcode: postalcode ? postalcode.toUpperCase() : null } : {}),
  });
  return { hmd: await hmdView(saved) };
});
