import { getDownloadLink } from '#shared/catalogue/rij.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { forbidden, notFound } from '../plumbing/errors.ts';
import { presignGet, storedName } from '../storage/injector.ts';
import { headFile } from '../storage/injector-objects.ts';
import { objectKeys } from '../storage/injector-keys.ts';

/** A presigned GET (15 min) for a stored file: the caller's own; another user's only for admin levels. */
export const handler = apiHandler(getDownloadLink, async ({ filename, date, user_id }, { user, log }) => {
  const owner = user_id ?? user.id;
  if (owner !== user.id && !isAdminLevel(user.role)) throw forbidden();
  const name = storedName(filename);
  const key = objectKeys.file(date, owner, name);
  if (!(await headFile(key))) throw notFound('File not found.');
  const { url, expires_at } = await presignGet(key, name);
  log('download link', { key });
  return { status: 200 as const, url, expires_at };
});
