import { uploadedFile } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { notFound } from '../plumbing/errors.ts';
import { businessToday, saveSdCardState, storedName } from '../storage/injector.ts';
import { headFile, verifyStoredArchive } from '../storage/injector-objects.ts';
import { objectKeys } from '../storage/injector-keys.ts';

/**
 * Marks one of the caller's files as uploaded (spec flow: get a URL, send, mark uploaded, check
 * the status, reload the list): checks the object is stored as a zip or tar archive, of the size
 * the browser sent when it says it (else it is deleted: 422), and records the SD card's "upload"
 * state record (card = file name without its extension) for getStatesByDate. Marking a file again
 * (the browser retries a lost answer, or marks a file an earlier attempt stored whole) is harmless.
 */
export const handler = apiHandler(uploadedFile, async ({ filename, date, started_at, size }, { user, log }) => {
  const name = storedName(filename);
  const day = date ?? businessToday();
  const file = await headFile(objectKeys.file(day, user.id, name));
  if (!file) throw notFound('File not found.');
  await verifyStoredArchive(objectKeys.file(day, user.id, name), size);
  const sdCard = name.replace(/\.(zip|tar)$/i, '');
  await saveSdCardState(day, { sd_card: sdCard, state: 'upload', start_date: started_at ?? file.updated, end_date: file.updated, user_id: user.id });
  log('file uploaded', { name, date: day, size: file.size });
  return { status: 200 as const, file };
});
