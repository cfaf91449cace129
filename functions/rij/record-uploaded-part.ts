import { partLength, recordUploadedPart } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { ownUpload, savePart } from '../storage/injector.ts';

/**
 * Records a part the browser stored (its ETag and size), so a reload resumes without sending it
 * again. The size must be the part's exact length (every part but the last is one part size).
 */
export const handler = apiHandler(recordUploadedPart, async ({ uploadId, partNumber, etag, size }, { user }) => {
  const upload = await ownUpload(uploadId, user.id);
  if (partNumber > upload.part_count) throw badRequest('Invalid input.', { partNumber: [`This upload has ${upload.part_count} parts.`] });
  const expected = partLength(upload.size, upload.part_size, partNumber);
  if (size !== expected) throw badRequest('Invalid input.', { size: [`Part ${partNumber} is ${expected} bytes.`] });
  await savePart(upload, { partNumber, etag: etag.replace(/"/g, ''), size });
  return { status: 200 as const };
});
