import { PRESIGNED_URL_TTL_SECONDS, getUploadPartUrls, partLength } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { invalidInput } from '../plumbing/errors.ts';
import { ownUpload, presignPart } from '../storage/injector.ts';

/** Presigned part URLs (15 min) for the caller's own upload, for the part numbers it asks, each signing its part's exact length. */
export const handler = apiHandler(getUploadPartUrls, async ({ uploadId, partNumbers }, { user }) => {
  const upload = await ownUpload(uploadId, user.id);
  const beyond = partNumbers.filter((n) => n > upload.part_count);
  if (beyond.length) throw invalidInput({ partNumbers: [`This upload has ${upload.part_count} parts.`] });
  const unique = [...new Set(partNumbers)];
  const urls = await Promise.all(unique.map(async (partNumber) => ({ partNumber, url: await presignPart(upload.key, upload.s3_upload_id, partNumber, partLength(upload.size, upload.part_size, partNumber)) })));
  return { urls, expires_at: new Date(Date.now() + PRESIGNED_URL_TTL_SECONDS * 1000).toISOString() };
});
