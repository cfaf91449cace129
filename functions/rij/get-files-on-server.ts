import { getFilesOnServer } from '#shared/catalogue/rij.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { forbidden } from '../plumbing/errors.ts';
import { listFiles } from '../storage/injector-objects.ts';
import { objectKeys } from '../storage/injector-keys.ts';

/**
 * The files stored for a date (S3 ListObjectsV2 on the date's prefix): the caller's own by
 * default; everyone's (showOnlyUserFiles=false) only for admin levels (1, 2).
 */
export const handler = apiHandler(getFilesOnServer, async ({ date, showOnlyUserFiles }, { user }) => {
  if (!showOnlyUserFiles && !isAdminLevel(user.role)) throw forbidden();
  const files = await listFiles(showOnlyUserFiles ? objectKeys.userPrefix(date, user.id) : objectKeys.datePrefix(date));
  return { files };
});
