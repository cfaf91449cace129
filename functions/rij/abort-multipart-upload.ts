import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { abortMultipartUpload } from '#shared/catalogue/rij.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { s3 } from '../plumbing/s3.ts';
import { notFound } from '../plumbing/errors.ts';
import { deleteUploadRecords, forgetUpload, injectorBucket, ownUpload } from '../storage/injector.ts';

/** S3 answers that say the emulator cannot abort (s3rver has no AbortMultipartUpload): ADR 0041. */
const NOT_SUPPORTED = new Set(['NotImplemented', 'MethodNotAllowed']);

/**
 * Cancels the caller's upload: one transaction forgets it and gives its declared size back to the
 * caller's daily quota (once: a second abort finds no record), then AbortMultipartUpload in S3 frees
 * the stored parts, and the parts' records are cleaned up. In that order, a failure between the two
 * leaves an upload in S3 that nothing names, which the bucket's lifecycle rule removes; the other
 * order left a record naming an upload S3 had dropped, which the same file's next send resumed.
 * Where the S3 endpoint cannot abort (the local emulator), the records are still forgotten.
 */
export const handler = apiHandler(abortMultipartUpload, async ({ uploadId }, { user, log }) => {
  const upload = await ownUpload(uploadId, user.id);
  if (!(await forgetUpload(upload))) throw notFound('Upload not found.');
  let outcome: 'aborted' | 'not-supported' | 'already-gone' | 'left-to-lifecycle' = 'aborted';
  try {
    await s3.send(new AbortMultipartUploadCommand({ Bucket: injectorBucket(), Key: upload.key, UploadId: upload.s3_upload_id }));
  } catch (error) {
    const name = (error as Error).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (NOT_SUPPORTED.has(name) || status === 501 || status === 405) outcome = 'not-supported';
    else if (name === 'NoSuchUpload') outcome = 'already-gone';
    else {
      outcome = 'left-to-lifecycle';
      log('multipart abort failed in S3: the lifecycle rule removes its parts', { uploadId, error: name });
    }
  }
  await deleteUploadRecords(upload);
  log('multipart aborted', { uploadId, s3: outcome });
  return { status: 200 as const, s3: outcome };
});
