import { listUploadedParts } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listParts, ownUpload } from '../storage/injector.ts';

/** The parts of the caller's upload recorded so far (the local S3 emulator has no ListParts). */
export const handler = apiHandler(listUploadedParts, async ({ uploadId }, { user }) => {
  const upload = await ownUpload(uploadId, user.id);
  return { partSize: upload.part_size, partCount: upload.part_count, parts: await listParts(upload.id) };
});
