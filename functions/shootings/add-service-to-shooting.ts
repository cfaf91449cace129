import { SHOOTING_ADMIN_MESSAGES, addServiceToShooting as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { changeAdminFields, shootingAtVersion } from '../storage/shootings.ts';
import { adminView, extraServices } from '../use-cases/shooting-admin.ts';

/** Part 2 §7 addServiceToShooting: one of the extra services joins the shooting's services. */
export const handler = apiHandler(operation, async ({ shooting_id, version, service_offer_id }, ctx) => {
  const read = await shootingAtVersion(shooting_id, version);
  if (!(await extraServices(read)).some((o) => o.id === service_offer_id)) {
    throw badRequest(SHOOTING_ADMIN_MESSAGES.notAnExtra, { service_offer_id: [SHOOTING_ADMIN_MESSAGES.notAnExtra] });
  }
  const shooting = await changeAdminFields(read, { service_offers: [...read.service_offers, service_offer_id] });
  ctx.log('service added', { shooting: shooting_id, service_offer_id });
  return { status: 200 as const, message: SHOOTING_ADMIN_MESSAGES.serviceAdded, data: await adminView(shooting) };
});
