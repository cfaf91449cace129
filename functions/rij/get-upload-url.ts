import { INJECTOR_MESSAGES, UPLOAD_CONTENT_TYPE, getUploadURL } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { acceptedName, assertNameFree, presignPut, uploadDate } from '../storage/injector.ts';
import { reserveDailyQuota } from '../storage/injector-quota.ts';
import { objectKeys } from '../storage/injector-keys.ts';

/**
 * One presigned PUT (15 min) for a zip or tar file, always under the caller's own prefix
 * `<date>/<userId>/`, as application/zip and of the declared size (both signed), once that size
 * fits in the caller's daily quota. A file of another size already stored under the name that day
 * refuses it (409): the new one would replace it. An empty file is refused (422).
 */
export const handler = apiHandler(getUploadURL, async ({ filename, filetype, date, size }, { user, log }) => {
  const name = acceptedName(filename, filetype);
  // Nothing to send, and S3 has no first bytes to check once stored: refused before it takes the name.
  if (size === 0) throw unprocessable(INJECTOR_MESSAGES.empty);
  const day = uploadDate(date);
  const key = objectKeys.file(day, user.id, name);
  await assertNameFree(key, size);
  await reserveDailyQuota(user.id, day, size);
  const { url, expires_at } = await presignPut(key, size);
  log('upload url', { name, date: day, size });
  return { url, name, date: day, content_type: UPLOAD_CONTENT_TYPE, expires_at };
});
