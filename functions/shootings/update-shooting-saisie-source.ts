import { SHOOTING_ADMIN_MESSAGES, updateShootingSaisieSource as operation } from '#shared/catalogue/shootings.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { listServiceOffers } from '../storage/service-offers.ts';
import { changeAdminFieldsOfMany, shootingAtVersion } from '../storage/shootings.ts';
import { adminView, hasPictureUpload } from '../use-cases/shooting-admin.ts';

/**
 * Part 2 §7 updateShootingSaisieSource (shootingsIds, isCompleted): the saisie-à-la-source flag of
 * shootings that have the 'Picture Upload' service (part 3 §4), all of them or none.
 */
export const handler = apiHandler(operation, async ({ shootings, is_completed }) => {
  const offers = await listServiceOffers();
  const unique = [...new Map(shootings.map((s) => [s.id, s])).values()];
  const read = await Promise.all(unique.map((s) => shootingAtVersion(s.id, s.version)));
  const without = (await Promise.all(read.map(async (s) => ((await hasPictureUpload(s, offers)) ? [] : [s.id])))).flat();
  if (without.length) throw unprocessable(SHOOTING_ADMIN_MESSAGES.noPictureUpload, { shooting_ids: without });
  const changed = await changeAdminFieldsOfMany(read, { saisie_source_completed: is_completed });
  return { data: await Promise.all(changed.map(adminView)) };
});
