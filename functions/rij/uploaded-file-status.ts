import { uploadedFileStatus } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { businessToday, storedName } from '../storage/injector.ts';
import { headFile } from '../storage/injector-objects.ts';
import { objectKeys } from '../storage/injector-keys.ts';

/** Whether one of the caller's files is stored, with its size and last update. */
export const handler = apiHandler(uploadedFileStatus, async ({ filename, date }, { user }) => {
  const file = await headFile(objectKeys.file(date ?? businessToday(), user.id, storedName(filename)));
  return { status: 200 as const, stored: file !== undefined, file: file ?? null };
});
