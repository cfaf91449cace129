import { CompleteMultipartUploadCommand } from '@aws-sdk/client-s3';
import { completeMultipartUpload } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { s3 } from '../plumbing/s3.ts';
import { conflict } from '../plumbing/errors.ts';
import { deleteUploadRecords, injectorBucket, listParts, ownUpload, verifyStoredArchive } from '../storage/injector.ts';

/**
 * Completes the caller's upload from the recorded parts (all of them, in order), forgets the
 * records, then checks the object is an archive of the declared size (else it is deleted: 422).
 */
export const handler = apiHandler(completeMultipartUpload, async ({ uploadId }, { user, log }) => {
  const upload = await ownUpload(uploadId, user.id);
  const parts = (await listParts(upload.id)).sort((a, b) => a.partNumber - b.partNumber);
  const recorded = new Set(parts.map((p) => p.partNumber));
  const missing = Array.from({ length: upload.part_count }, (_, i) => i + 1).filter((n) => !recorded.has(n));
  if (missing.length) throw conflict('Some parts are not stored yet.', { missing: missing.slice(0, 100) });
  try {
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: injectorBucket(),
        Key: upload.key,
        UploadId: upload.s3_upload_id,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag}"` })) },
      }),
    );
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall' || name === 'NoSuchUpload') {
      log('complete refused by S3', name);
      throw conflict('The stored parts do not match this upload; send the file again.', { reason: name });
    }
    throw error;
  }
  await deleteUploadRecords(upload);
  await verifyStoredArchive(upload.key, upload.size);
  log('multipart completed', { uploadId, key: upload.key, parts: parts.length });
  return { name: upload.name, date: upload.date, size: upload.size };
});
