import { CompleteMultipartUploadCommand } from '@aws-sdk/client-s3';
import { INJECTOR_MESSAGES, completeMultipartUpload } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { s3Complete } from '../plumbing/s3.ts';
import { conflict } from '../plumbing/errors.ts';
import { deleteUploadRecords, forgetUpload, injectorBucket, listParts, ownUpload, type UploadRecord } from '../storage/injector.ts';
import { headFile, verifyStoredArchive } from '../storage/injector-objects.ts';

/**
 * Completes the caller's upload from the recorded parts (all of them, in order), forgets the
 * records, then checks the object is an archive of the declared size (else it is deleted: 422).
 *
 * The complete may be long (S3 documents minutes; s3rver copies the whole object): it goes through
 * s3Complete, which waits without an idle limit (ADR 0400). A complete sent again (the browser's
 * retry after a 503 or a lost answer) completes the same object: S3 answers it with the object, or
 * NoSuchUpload once it forgot the upload, and then the object written since the upload began, with
 * the declared size, is this upload's. NoSuchUpload with no such object: S3 dropped the upload, which
 * is forgotten (409: send the file again, from the start).
 */
export const handler = apiHandler(completeMultipartUpload, async ({ uploadId }, { user, log }) => {
  const upload = await ownUpload(uploadId, user.id);
  const parts = (await listParts(upload.id)).sort((a, b) => a.partNumber - b.partNumber);
  const recorded = new Set(parts.map((p) => p.partNumber));
  const missing = Array.from({ length: upload.part_count }, (_, i) => i + 1).filter((n) => !recorded.has(n));
  if (missing.length) throw conflict('Some parts are not stored yet.', { missing: missing.slice(0, 100) });
  try {
    await s3Complete.send(
      new CompleteMultipartUploadCommand({
        Bucket: injectorBucket(),
        Key: upload.key,
        UploadId: upload.s3_upload_id,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag}"` })) },
      }),
    );
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchUpload' && (await completedBefore(upload))) {
      log('complete sent again: S3 had completed it', { uploadId });
    } else if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall' || name === 'NoSuchUpload') {
      log('complete refused by S3', name);
      // S3 no longer has the upload (aborted by the bucket's lifecycle rule): forgotten here too, or every next send would resume it.
      if (name === 'NoSuchUpload') {
        await forgetUpload(upload);
        await deleteUploadRecords(upload);
      }
      throw conflict(INJECTOR_MESSAGES.partsMismatch, { reason: name });
    } else {
      throw error;
    }
  }
  await deleteUploadRecords(upload);
  await verifyStoredArchive(upload.key, upload.size);
  log('multipart completed', { uploadId, key: upload.key, parts: parts.length });
  return { name: upload.name, date: upload.date, size: upload.size };
});

/** An object at the upload's key, of its declared size, written since the upload began: an earlier complete's. */
async function completedBefore(upload: UploadRecord): Promise<boolean> {
  const stored = await headFile(upload.key);
  return !!stored && stored.size === upload.size && Date.parse(stored.updated) >= Date.parse(upload.created_at) - 1_000;
}
