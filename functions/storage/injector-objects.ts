import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { INJECTOR_MESSAGES, UPLOAD_CONTENT_TYPE, isArchiveSignature, type RemoteFile } from '#shared/catalogue/rij.ts';
import { INJECTOR_RETENTION_DAYS } from '#shared/data/design.ts';
import { unprocessable } from '../plumbing/errors.ts';
import { s3 } from '../plumbing/s3.ts';
import { DAY_MS, injectorBucket } from './injector.ts';
import { objectKeys } from './injector-keys.ts';

/** The injector bucket's objects: stored files, their listing, and the check of an upload (ADR 0040, 0410). */

/**
 * Checks a stored upload is what was allowed: a zip or tar archive (its first bytes), stored as
 * application/zip, of the declared size when one is known. Anything else is deleted and refused.
 */
export async function verifyStoredArchive(key: string, declaredSize?: number): Promise<void> {
  const head = await s3.send(new HeadObjectCommand({ Bucket: injectorBucket(), Key: key }));
  const refuse = async (message: string) => {
    await s3.send(new DeleteObjectCommand({ Bucket: injectorBucket(), Key: key }));
    return unprocessable(message);
  };
  if (declaredSize !== undefined && head.ContentLength !== declaredSize) throw await refuse(INJECTOR_MESSAGES.sizeMismatch);
  // Shorter than any archive's signature (an empty object has no byte range to read: S3 answers 416).
  if ((head.ContentLength ?? 0) < 4) throw await refuse(INJECTOR_MESSAGES.notAnArchive);
  const start = await s3.send(new GetObjectCommand({ Bucket: injectorBucket(), Key: key, Range: 'bytes=0-511' }));
  const bytes = await start.Body!.transformToByteArray();
  if (head.ContentType !== UPLOAD_CONTENT_TYPE || !isArchiveSignature(bytes)) throw await refuse(INJECTOR_MESSAGES.notAnArchive);
}

function remoteFile(key: string, size: number, updated: Date): RemoteFile | undefined {
  const parsed = objectKeys.parse(key);
  if (!parsed) return undefined;
  return {
    name: parsed.name,
    date: parsed.date,
    user_id: parsed.userId,
    size,
    updated: updated.toISOString(),
    deletes_at: new Date(updated.getTime() + INJECTOR_RETENTION_DAYS * DAY_MS).toISOString(),
  };
}

/** The stored file at a key, or undefined. */
export async function headFile(key: string): Promise<RemoteFile | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: injectorBucket(), Key: key }));
    return remoteFile(key, head.ContentLength ?? 0, head.LastModified ?? new Date());
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** Every file under a prefix (S3 ListObjectsV2, all pages), oldest update first. */
export async function listFiles(prefix: string): Promise<RemoteFile[]> {
  const files: RemoteFile[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: injectorBucket(), Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    for (const object of page.Contents ?? []) {
      const file = object.Key ? remoteFile(object.Key, object.Size ?? 0, object.LastModified ?? new Date()) : undefined;
      if (file) files.push(file);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return files.sort((a, b) => a.updated.localeCompare(b.updated) || a.name.localeCompare(b.name));
}
