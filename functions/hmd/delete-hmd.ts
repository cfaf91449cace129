import { deleteHmd } from '#shared/catalogue/hmd.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { conflict, notFound } from '../plumbing/errors.ts';
import { CHANGED_MEANWHILE, getHmd, removeHmd } from '../storage/hmds.ts';

/** Deletes an unassigned headset; 409 while it is assigned (part 2 §5: unassign it first). */
export const handler = apiHandler(deleteHmd, async ({ id, version }, { log }) => {
  const hmd = await getHmd(id);
  if (!hmd) throw notFound('Headset not found.');
  if (version !== undefined && hmd.version !== version) throw conflict(CHANGED_MEANWHILE);
  await removeHmd(hmd);
  log('hmd deleted', { id, serial_number: hmd.serial_number });
  return { status: 200 as const };
});
