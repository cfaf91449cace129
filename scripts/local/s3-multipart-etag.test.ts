import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { BUCKETS } from '#shared/data/design.ts';
import { useS3Local } from './s3-local-fixture.ts';

/**
 * The local emulator completes a multipart upload as S3 does (ADR 0420): the object is the parts in
 * order, its ETag is the MD5 of the parts' binary MD5s followed by '-' and the number of parts (what
 * S3 answers and what HEAD and GET show afterwards), and each part's ETag is its MD5. Stock s3rver
 * answered the MD5 of the whole object, which it computed by reading every byte again.
 */
describe('multipart upload in the local emulator: S3\'s ETags', () => {
  const s3 = useS3Local({ region: 'us-east-1', maxAttempts: 1, minPartBytes: 300_000 });
  const bucket = BUCKETS.injector.localName;
  const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

  it('parts answer their MD5; complete answers MD5(MD5s)-N, HEAD and GET show it, and the bytes are the parts in order', async () => {
    const key = 'etag/three-parts.zip';
    const bodies = [Buffer.alloc(300_000, 1), Buffer.alloc(300_000, 2), Buffer.from('the last part, shorter')];
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'application/zip' }));
    // Sent out of order, as parallel parts arrive.
    const etags = await Promise.all([3, 1, 2].map(async (n) => ({ n, etag: (await s3.client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: n, Body: bodies[n - 1] }))).ETag! })));
    for (const { n, etag } of etags) expect(etag).toBe(`"${md5(bodies[n - 1]!)}"`);

    const parts = etags.sort((a, b) => a.n - b.n).map(({ n, etag }) => ({ PartNumber: n, ETag: etag }));
    const done = await s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    const expected = `"${createHash('md5').update(Buffer.concat(bodies.map((b) => Buffer.from(md5(b), 'hex')))).digest('hex')}-3"`;
    expect(done.ETag).toBe(expected);

    const head = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head).toMatchObject({ ETag: expected, ContentLength: 600_000 + bodies[2]!.length, ContentType: 'application/zip' });
    const got = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(got.ETag).toBe(expected);
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Buffer.concat(bodies))).toBe(true);

    // The upload's folder goes, and no partial file is left beside the object.
    const uploads = join(s3.dataDir, bucket, '._S3rver_uploads');
    expect(readdirSync(uploads, { recursive: true }).filter((f) => String(f).includes(UploadId!))).toEqual([]);
    expect(readdirSync(join(s3.dataDir, bucket, 'etag')).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});
