import { UPLOAD_CONTENT_TYPE, getUploadURL } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../commons/api-handler.ts';
import { acceptedName, presignPut, uploadDate } from '../commons/injector.ts';
import { objectKeys } from '../commons/injector-keys.ts';

/**
 * One presigned PUT (15 min) for a small zip or tar file, always under the caller's own prefix
 * `<date>/<userId>/` and always as application/zip (the content type is part of the signature).
 */
export const handler = apiHandler(getUploadURL, async ({ filename, filetype, date }, { user, log }) => {
  const name = acceptedName(filename, filetype);
  const day = uploadDate(date);
  const { url, expires_at } = await presignPut(objectKeys.file(day, user.id, name));
  log('upload url', { name, date: day });
  return { url, name, date: day, content_type: UPLOAD_CONTENT_TYPE, expires_at };
});
