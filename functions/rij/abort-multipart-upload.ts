import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { abortMultipartUpload } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { s3 } from '../plumbing/s3.ts';
import { notFound } from '../plumbing/errors.ts';
import { cancellationCodes, transact } from '../plumbing/transact.ts';
import { deleteUploadRecords, injectorBucket, ownUpload, uploadForgetPieces } from '../storage/injector.ts';
import { quotaRelease } from '../storage/injector-quota.ts';

/** S3 answers that say the emulator cannot abort (s3rver has no AbortMultipartUpload): ADR 0041. */
const NOT_SUPPORTED = new Set(['NotImplemented', 'MethodNotAllowed']);

/**
 * Cancels the caller's upload: AbortMultipartUpload in S3 (frees the stored parts), then one
 * transaction forgets the upload and gives its declared size back to the caller's daily quota
 * (once: a second abort finds no record); the parts' records are cleaned up after. Where the S3 endpoint cannot abort (the local emulator), the records are still
 * forgotten; the bucket's lifecycle rule removes leftover parts in AWS anyway.
 */
export const handler = apiHandler(abortMultipartUpload, async ({ uploadId }, { user, log }) => {
  const upload = await ownUpload(uploadId, user.id);
  let outcome: 'aborted' | 'not-supported' | 'already-gone' = 'aborted';
  try {
    await s3.send(new AbortMultipartUploadCommand({ Bucket: injectorBucket(), Key: upload.key, UploadId: upload.s3_upload_id }));
  } catch (error) {
    const name = (error as Error).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (NOT_SUPPORTED.has(name) || status === 501 || status === 405) outcome = 'not-supported';
    else if (name === 'NoSuchUpload') outcome = 'already-gone';
    else throw error;
  }
  try {
    await transact([...uploadForgetPieces(upload), quotaRelease(user.id, upload.date, upload.size)]);
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') throw notFound('Upload not found.');
    throw error;
  }
  await deleteUploadRecords(upload);
  log('multipart aborted', { uploadId, s3: outcome });
  return { status: 200 as const, s3: outcome };
});
