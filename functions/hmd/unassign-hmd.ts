import { unassignHmd } from '#shared/catalogue/hmd.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { CHANGED_MEANWHILE, findHmdBySerial, updateHmd } from '../storage/hmds.ts';
import { hmdView } from '../use-cases/hmd-views.ts';

/** Unassigns the headset of a serial number; 409 when it is not assigned. */
export const handler = apiHandler(unassignHmd, async ({ serial_number, version }) => {
  const hmd = await findHmdBySerial(serial_number);
  if (!hmd) throw notFound('Headset not found.');
  if (version !== undefined && hmd.version !== version) throw conflict(CHANGED_MEANWHILE);
  if (hmd.user_id === null) throw conflict('This headset is not assigned.');
  return { hmd: await hmdView(await updateHmd(hmd, { user_id: null })) };
});
