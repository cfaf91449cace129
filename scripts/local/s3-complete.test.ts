import { createHash } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { BUCKETS } from '#shared/data/design.ts';
import { useS3Local } from './s3-local-fixture.ts';

/**
 * A retried CompleteMultipartUpload (ADR 0400): the SDK sends the complete again when its socket
 * stays idle too long, and s3rver's complete of a large object is silent for seconds. Stock s3rver
 * answered the second complete InternalError (500), during the first or after it; S3 answers the
 * completed object. Many parts make the complete take a while without a large object.
 */
// Many parts on a loaded machine (the unit project runs files in parallel): more than the default 5 s.
describe('CompleteMultipartUpload in the local emulator', { timeout: 30_000 }, () => {
  // Parts of 1 KiB and up, so that uploads of many parts stay small (S3 and the stack's emulator: 5 MiB).
  const s3 = useS3Local({ region: 'us-east-1', maxAttempts: 1, minPartBytes: 1024 });
  const bucket = BUCKETS.injector.localName;

  async function upload(key: string, count: number, partBytes: number) {
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const whole = createHash('sha256');
    const parts: CompletedPart[] = [];
    for (let n = 1; n <= count; n += 8) {
      const batch = Array.from({ length: Math.min(8, count - n + 1) }, (_, i) => n + i);
      const bodies = batch.map((p) => Buffer.alloc(partBytes, p % 251));
      const etags = await Promise.all(batch.map((p, i) => s3.client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: p, Body: bodies[i] }))));
      batch.forEach((p, i) => parts.push({ PartNumber: p, ETag: etags[i]!.ETag! }));
      bodies.forEach((b) => whole.update(b));
    }
    const complete = () => s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    return { UploadId: UploadId!, parts, sha: whole.digest('hex'), complete };
  }

  const stored = async (key: string) => {
    const body = await (await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray();
    return { size: body.length, sha: createHash('sha256').update(body).digest('hex') };
  };

  it('a complete sent again while the first runs, and again after it, answers the same object', async () => {
    const key = 'complete/retried.bin';
    const { parts, sha, complete } = await upload(key, 200, 64 * 1024);
    const [first, second] = await Promise.all([complete(), new Promise((r) => setTimeout(r, 5)).then(complete)]);
    const third = await complete();
    expect(second.ETag).toBe(first.ETag);
    expect(third.ETag).toBe(first.ETag);
    expect(await stored(key)).toEqual({ size: parts.length * 64 * 1024, sha });
  });

  it('an unknown upload is NoSuchUpload (404), a part that was not stored is InvalidPart (400), not InternalError', async () => {
    const unknown = await s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'complete/none.bin', UploadId: 'f'.repeat(32), MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] } })).catch((e: Error) => e);
    expect(unknown).toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });

    const { UploadId, parts } = await upload('complete/missing.bin', 2, 1024);
    const withExtra = [...parts, { PartNumber: 3, ETag: parts[0]!.ETag! }];
    const missing = await s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'complete/missing.bin', UploadId, MultipartUpload: { Parts: withExtra } })).catch((e: Error) => e);
    expect(missing).toMatchObject({ name: 'InvalidPart', $metadata: { httpStatusCode: 400 } });
    const wrongTag = await s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'complete/missing.bin', UploadId, MultipartUpload: { Parts: [parts[0]!, { PartNumber: 2, ETag: '"0123"' }] } })).catch((e: Error) => e);
    expect(wrongTag).toMatchObject({ name: 'InvalidPart' });
    // The upload is still there and completes with the right list.
    expect((await s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'complete/missing.bin', UploadId, MultipartUpload: { Parts: parts } }))).ETag).toBeTruthy();
  });

  it('as S3: parts listed out of order are InvalidPartOrder, a part but the last under the minimum EntityTooSmall (400); the last may be smaller', async () => {
    const key = 'complete/sizes.bin';
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const bodies = [Buffer.alloc(1023, 1), Buffer.alloc(1024, 2), Buffer.alloc(10, 3)];
    const parts = await Promise.all(bodies.map(async (Body, i) => ({ PartNumber: i + 1, ETag: (await s3.client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: i + 1, Body }))).ETag! })));
    const complete = (list: CompletedPart[]) => s3.client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: list } })).catch((e: Error) => e);
    expect(await complete([parts[1]!, parts[0]!])).toMatchObject({ name: 'InvalidPartOrder', $metadata: { httpStatusCode: 400 } });
    expect(await complete([parts[1]!, parts[1]!])).toMatchObject({ name: 'InvalidPartOrder' });
    expect(await complete(parts)).toMatchObject({ name: 'EntityTooSmall', $metadata: { httpStatusCode: 400 } });
    // Without the short first part: 1,024 bytes then 10 (the last).
    const done = await complete([parts[1]!, parts[2]!]);
    expect(done).toMatchObject({ ETag: expect.stringMatching(/-2"$/) });
    expect(await stored(key)).toEqual({ size: 1034, sha: createHash('sha256').update(Buffer.concat([bodies[1]!, bodies[2]!])).digest('hex') });
  });
});
