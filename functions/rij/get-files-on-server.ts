import { getFilesOnServer } from '#shared/catalogue/rij.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { forbidden } from '../commons/errors.ts';
import { listFiles } from '../commons/injector.ts';
import { objectKeys } from '../commons/injector-keys.ts';

/**
 * The files stored for a date (S3 ListObjectsV2 on the date's prefix): the caller's own by
 * default; everyone's (showOnlyUserFiles=false) only for admin levels (1, 2).
 */
export const handler = apiHandler(getFilesOnServer, async ({ date, showOnlyUserFiles }, { user }) => {
  if (!showOnlyUserFiles && !isAdminLevel(user.role)) throw forbidden();
  const files = await listFiles(showOnlyUserFiles ? objectKeys.userPrefix(date, user.id) : objectKeys.datePrefix(date));
  return { files };
});
