import { randomUUID } from 'node:crypto';
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { MAX_PARTS, UPLOAD_CONTENT_TYPE, choosePartSize, createMultipartUpload, partCount } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { s3 } from '../plumbing/s3.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { acceptedName, assertNameFree, findOpenUpload, injectorBucket, listParts, uploadDate, uploadRecordPieces, type UploadRecord } from '../storage/injector.ts';
import { objectKeys } from '../storage/injector-keys.ts';
import { quotaReservation } from '../storage/injector-quota.ts';

/**
 * Starts a multipart upload under the caller's own prefix once its declared size fits in the
 * caller's daily quota (a resume is not counted again): S3's upload first, then one transaction
 * counts the bytes and writes the record and its resume pointer, so a failure counts nothing (and
 * S3's upload is aborted). Or resumes the caller's unfinished
 * upload of the same file begun less than 6 days ago (RESUMABLE_MS: an older one may be gone in S3) (same sanitized name, size and last-modified time): then the parts
 * recorded so far come back, so the browser sends only the missing ones. A new upload whose name
 * holds a file of another size that day is refused (409), as a single PUT is.
 */
export const handler = apiHandler(createMultipartUpload, async (input, { user, log }) => {
  const name = acceptedName(input.filename, input.filetype);
  const lastModified = input.lastModified ?? 0;
  const open = await findOpenUpload(user.id, name, input.size, lastModified);
  if (open) {
    const parts = await listParts(open.id);
    log('multipart resumed', { uploadId: open.id, name, parts: parts.length });
    return { uploadId: open.id, name, date: open.date, partSize: open.part_size, partCount: open.part_count, resumed: true, parts };
  }

  const date = uploadDate(input.date);
  const partSize = choosePartSize(input.size, input.partSize);
  const count = partCount(input.size, partSize);
  if (count > MAX_PARTS) throw new Error('part sizing exceeded 10,000 parts');
  const key = objectKeys.file(date, user.id, name);
  await assertNameFree(key, input.size);
  const quota = await quotaReservation(user.id, date, input.size);
  const created = await s3.send(new CreateMultipartUploadCommand({ Bucket: injectorBucket(), Key: key, ContentType: UPLOAD_CONTENT_TYPE }));
  const upload: UploadRecord = {
    id: randomUUID(),
    user_id: user.id,
    s3_upload_id: created.UploadId!,
    key,
    name,
    date,
    size: input.size,
    last_modified: lastModified,
    part_size: partSize,
    part_count: count,
    created_at: new Date().toISOString(),
  };
  try {
    await transact([quota.piece, ...uploadRecordPieces(upload)]);
  } catch (error) {
    // Nothing counted, nothing recorded: S3's upload goes too (the lifecycle rule would remove it).
    await s3.send(new AbortMultipartUploadCommand({ Bucket: injectorBucket(), Key: key, UploadId: upload.s3_upload_id })).catch(() => undefined);
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') throw quota.refusal;
    throw error;
  }
  log('multipart created', { uploadId: upload.id, name, size: input.size, partSize, parts: count });
  return { uploadId: upload.id, name, date, partSize, partCount: count, resumed: false, parts: [] };
});
