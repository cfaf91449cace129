import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import yazl from 'yazl';
import { s3, s3Complete } from './s3.ts';
import { mediaBucket } from './media.ts';

/**
 * Download-all (docs/decisions/0062-download-all-zip.md): a ZIP of media objects, streamed from the
 * media bucket into the media bucket. yazl asks for one picture's stream at a time (addReadStreamLazy),
 * and its output is cut into multipart-upload parts uploaded one after the other, the read pausing while
 * a part uploads. Memory holds about one part plus stream buffers, whatever the number or size of the
 * pictures (only yazl's per-entry metadata, a few hundred bytes each, grows with the count).
 */
export interface ZipEntry {
  /** Media bucket key of the file (read as is unless `content` is given). */
  key: string;
  /** Makes the entry's bytes from the file, when it is not stored as is (the MLS-ready rendition, ADR 0250). */
  content?: () => Promise<Buffer>;
  /** Name inside the ZIP. */
  name: string;
  mtime?: Date;
}

/** S3 parts are at least 5 MiB except the last. */
export const ZIP_PART_BYTES = 8 * 1024 * 1024;

export async function zipExists(key: string): Promise<number | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** Streams a ZIP of `entries` into the media bucket at `targetKey`; answers its size in bytes. */
export async function buildZipInBucket(entries: readonly ZipEntry[], targetKey: string, partBytes = ZIP_PART_BYTES): Promise<number> {
  const bucket = mediaBucket();
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: entry.mtime ?? new Date() }, (cb) => {
      const stream = entry.content
        ? entry.content().then((bytes) => Readable.from([bytes]))
        : s3.send(new GetObjectCommand({ Bucket: bucket, Key: entry.key })).then((answer) => answer.Body as Readable);
      stream.then(
        (body) => cb(null, body),
        (error: unknown) => cb(error as Error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();

  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: targetKey, ContentType: 'application/zip' }));
  const parts: { ETag: string; PartNumber: number }[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  const flush = async () => {
    const PartNumber = parts.length + 1;
    const body = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const { ETag } = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: targetKey, UploadId, PartNumber, Body: body, ContentLength: body.length }));
    parts.push({ ETag: ETag!, PartNumber });
  };
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  try {
    const pump = (async () => {
      for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        total += chunk.length;
        if (pendingBytes >= partBytes) await flush();
      }
      if (pendingBytes > 0 || parts.length === 0) await flush();
    })();
    await Promise.race([pump, failed]);
    // S3's complete may stay silent for long (a large ZIP; s3rver copies it whole): no idle limit (ADR 0400).
    await s3Complete.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: targetKey, UploadId, MultipartUpload: { Parts: parts } }));
    return total;
  } catch (error) {
    // Best effort (s3rver has no Abort); in AWS an abort-incomplete-multipart lifecycle rule on the media
    // bucket is the backstop (docs/decisions/0062-download-all-zip.md).
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: targetKey, UploadId })).catch(() => undefined);
    throw error;
  }
}
