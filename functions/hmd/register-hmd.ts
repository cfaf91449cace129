import { registerHmd } from '#shared/catalogue/hmd.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { insertHmd } from '../storage/hmds.ts';
import { hmdView } from '../use-cases/hmd-views.ts';

/** Registers a headset by serial number, unassigned; 409 when that serial number is taken. */
export const handler = apiHandler(registerHmd, async ({ serial_number }, { log }) => {
  const hmd = await insertHmd(serial_number);
  log('hmd registered', { id: hmd.id });
  return { status: 200 as const, hmd: await hmdView(hmd) };
});
