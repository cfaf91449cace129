import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mediaBucket } from './media.ts';
import { s3 } from './s3.ts';

/**
 * Deleting every object of the media bucket under a prefix (the listing cache purge, ADR 0550), in
 * a module of its own so that the modules that only name keys or sign URLs do not load the S3
 * client (ADR 0410).
 */

/** DeleteObjects takes at most this many keys per request. */
export const DELETE_BATCH = 1000;

/**
 * Deletes the objects under `prefix` (ListObjectsV2, every page; DeleteObjects, up to 1000 keys a
 * request) and answers how many were deleted. s3rver (3.7) serves DeleteObjects too, so the same
 * calls run locally. A key S3 could not delete fails the call: the purge can simply be asked again.
 */
export async function deleteMediaPrefix(prefix: string): Promise<number> {
  const bucket = mediaBucket();
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      const failed = answer.Errors ?? [];
      if (failed.length) throw new Error(`media bucket: ${failed.length} of ${batch.length} objects not deleted under ${prefix} (first: ${failed[0]!.Key} ${failed[0]!.Code})`);
      deleted += batch.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
