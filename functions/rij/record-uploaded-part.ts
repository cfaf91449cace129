import { partLength, recordUploadedPart } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { invalidInput } from '../plumbing/errors.ts';
import { ownUpload, saveParts } from '../storage/injector.ts';

/**
 * Records parts the browser stored (their ETags and sizes), so a reload resumes without sending
 * them again. The module sends them in batches (ADR 0420): one call, one session and ownership
 * check for up to 50 parts. Every part must belong to the upload and have its exact length (every
 * part but the last is one part size); one wrong part refuses the whole batch, nothing is recorded.
 */
export const handler = apiHandler(recordUploadedPart, async ({ uploadId, parts }, { user }) => {
  const upload = await ownUpload(uploadId, user.id);
  const fields: Record<string, string[]> = {};
  parts.forEach(({ partNumber, size }, i) => {
    if (partNumber > upload.part_count) {
      fields[`parts.${i}.partNumber`] = [`This upload has ${upload.part_count} parts.`];
      return;
    }
    const expected = partLength(upload.size, upload.part_size, partNumber);
    if (size !== expected) fields[`parts.${i}.size`] = [`Part ${partNumber} is ${expected} bytes.`];
  });
  if (Object.keys(fields).length) throw invalidInput(fields);
  await saveParts(upload, parts.map(({ partNumber, etag, size }) => ({ partNumber, etag: etag.replace(/"/g, ''), size })));
  return { status: 200 as const, recorded: parts.length };
});
