import { createHash } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompleteMultipartUploadCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESUMABLE_MS } from '#functions/storage/injector.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { zipBytes } from '../support/archives.ts';
import { bodyOf, callHere, callOp, errorOf } from '../support/operations.ts';
import { BUCKETS, ENV } from '#shared/data/design.ts';
import { MiB, abortMultipartUpload, completeMultipartUpload, createMultipartUpload, getDownloadLink, getUploadPartUrls, listUploadedParts, recordUploadedPart } from '#shared/catalogue/rij.ts';
import { Role } from '#shared/roles.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { startRequestLogBatcher, type RequestLogBatcher } from '../../scripts/local/request-log-batcher.ts';

/**
 * CompleteMultipartUpload may be long and silent (S3 documents minutes; s3rver copies the whole
 * object: a 1 GiB complete took over 5 s), and may be sent again (ADR 0400). Before the fix the
 * Lambda's S3 client gave up on the idle socket at 5 s, sent the complete again, and s3rver answered
 * that one InternalError: the module got 503 and the upload never completed.
 *
 * A proxy in front of the stack's s3rver makes S3 slow or forgetful without a large object; the
 * completeMultipartUpload handler runs in this process with its S3 clients pointed at the proxy.
 */
const realS3 = process.env[ENV.s3Endpoint]!;
const SLOW_MS = 6_500;
let mode: 'slow' | 'forgot' | 'abort-fails' | 'plain' = 'plain';
let proxy: Server;
let handler: unknown;
let abortHandler: unknown;
let tech: { token: string; id: number };
let requestLogs: RequestLogBatcher | undefined;
const today = new Date().toISOString().slice(0, 10);
const bucket = BUCKETS.injector.localName;
const direct = new S3Client({ endpoint: realS3, forcePathStyle: true, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });

beforeAll(async () => {
  proxy = createServer((req, res) => {
    const target = new URL(req.url!, realS3);
    const complete = req.method === 'POST' && target.searchParams.has('uploadId');
    if (req.method === 'DELETE' && target.searchParams.has('uploadId') && mode === 'abort-fails') {
      req.resume();
      res.writeHead(500, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>');
      return;
    }
    if (complete && mode === 'forgot') {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
      return;
    }
    const started = Date.now();
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      const relay = () => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      };
      // Silent until SLOW_MS: what a long complete looks like to the client.
      if (complete && mode === 'slow') setTimeout(relay, Math.max(0, SLOW_MS - (Date.now() - started)));
      else relay();
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  // Before functions/plumbing/s3.ts is loaded: its clients read the endpoint once.
  process.env[ENV.s3Endpoint] = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  handler = (await import('#functions/rij/complete-multipart-upload.ts')).handler;
  abortHandler = (await import('#functions/rij/abort-multipart-upload.ts')).handler;
  // The handler runs in this process, as in the local stack: its request-log records are stored as there.
  requestLogs = startRequestLogBatcher();
  const { s3Complete } = await import('#functions/plumbing/s3.ts');
  expect(Number((await s3Complete.config.endpoint!()).port)).toBe((proxy.address() as AddressInfo).port);
  // Not a role rij.test.ts sends with: these uploads count toward the sender's daily quota, which
  // that file's quota test sets to 10 MiB for everyone (the files share one table).
  const { token, account } = await tokenFor(Role.tech_postprod);
  tech = { token, id: account.id };
});

afterAll(async () => {
  await requestLogs?.stop();
  direct.destroy();
  await new Promise((resolve) => proxy.close(resolve));
});

const completeHere = (uploadId: string) => callHere(handler, completeMultipartUpload, { uploadId }, tech.token);

/** A 2-part upload whose parts are stored and recorded through the local stack's API. */
async function uploadParts(filename: string) {
  const size = 5 * MiB + 4321;
  const bytes = zipBytes(size);
  const lastModified = Date.now();
  const created = bodyOf(await callOp(createMultipartUpload, { filename, filetype: 'application/zip', size, lastModified, partSize: 5 * MiB, date: today }, tech.token));
  const { urls } = bodyOf(await callOp(getUploadPartUrls, { uploadId: created.uploadId, partNumbers: [1, 2] }, tech.token));
  const etags: string[] = [];
  for (const { partNumber, url } of urls) {
    const put = await fetch(url, { method: 'PUT', body: bytes.subarray((partNumber - 1) * 5 * MiB, partNumber * 5 * MiB) });
    expect(put.status).toBe(200);
    etags[partNumber] = put.headers.get('etag')!;
  }
  const parts = [1, 2].map((partNumber) => ({ partNumber, etag: etags[partNumber]!, size: partNumber === 1 ? 5 * MiB : 4321 }));
  bodyOf(await callOp(recordUploadedPart, { uploadId: created.uploadId, parts }, tech.token));
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.rijUpload(created.uploadId), ConsistentRead: true }));
  const s3Complete = () =>
    direct.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: Item!.key as string, UploadId: Item!.s3_upload_id as string, MultipartUpload: { Parts: [1, 2].map((n) => ({ PartNumber: n, ETag: etags[n]! })) } }));
  return { uploadId: created.uploadId, name: created.name, size, lastModified, sha: createHash('sha256').update(bytes).digest('hex'), s3Complete };
}

async function storedSha(name: string): Promise<string> {
  const link = bodyOf(await callOp(getDownloadLink, { filename: name, date: today }, tech.token));
  return createHash('sha256').update(new Uint8Array(await (await fetch(link.url)).arrayBuffer())).digest('hex');
}

describe('completeMultipartUpload when S3 is slow or the complete is sent again (ADR 0400)', () => {
  it('waits for a complete that stays silent past the 5 s idle limit, and answers the file', async () => {
    const file = await uploadParts('slow-complete.zip');
    mode = 'slow';
    const started = Date.now();
    const answer = await completeHere(file.uploadId).finally(() => (mode = 'plain'));
    console.log(`complete silent for ${SLOW_MS} ms: ${answer.status} in ${Date.now() - started} ms`);
    expect(bodyOf(answer)).toEqual({ name: file.name, date: today, size: file.size });
    expect(await storedSha(file.name)).toBe(file.sha);
  }, 40_000);

  it('a complete sent again after S3 completed the upload answers the file: S3 answering it again, or having forgotten the upload', async () => {
    // S3 (and the emulator) answer a repeated complete with the object.
    const again = await uploadParts('complete-again.zip');
    await again.s3Complete();
    expect(bodyOf(await callOp(completeMultipartUpload, { uploadId: again.uploadId }, tech.token))).toEqual({ name: again.name, date: today, size: again.size });
    expect(await storedSha(again.name)).toBe(again.sha);

    // Later S3 forgets the upload (NoSuchUpload): the object of the declared size written since is this upload's.
    const forgotten = await uploadParts('complete-forgotten.zip');
    await forgotten.s3Complete();
    mode = 'forgot';
    const answer = await completeHere(forgotten.uploadId).finally(() => (mode = 'plain'));
    expect(bodyOf(answer)).toEqual({ name: forgotten.name, date: today, size: forgotten.size });
    expect(await storedSha(forgotten.name)).toBe(forgotten.sha);

    // NoSuchUpload with nothing stored is still a refusal: send the file again.
    const never = await uploadParts('complete-never.zip');
    mode = 'forgot';
    const refused = await completeHere(never.uploadId).finally(() => (mode = 'plain'));
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'conflict', details: { reason: 'NoSuchUpload' } } } });
    // S3 dropped it: it is forgotten, so the file's next send starts afresh instead of resuming it again.
    errorOf(await callOp(listUploadedParts, { uploadId: never.uploadId }, tech.token), 404);
    const fresh = bodyOf(await callOp(createMultipartUpload, { filename: 'complete-never.zip', filetype: 'application/zip', size: never.size, lastModified: never.lastModified, partSize: 5 * MiB, date: today }, tech.token));
    expect(fresh).toMatchObject({ resumed: false, parts: [] });
    await callOp(abortMultipartUpload, { uploadId: fresh.uploadId }, tech.token);
  }, 60_000);

  it('an upload begun 6 days ago or more is not resumed: the bucket may have aborted it, so the file starts afresh', async () => {
    const old = await uploadParts('six-days-old.zip');
    const begun = new Date(Date.now() - RESUMABLE_MS - 60_000).toISOString();
    await db.send(new UpdateCommand({ TableName: tableName(), Key: keys.rijUpload(old.uploadId), UpdateExpression: 'SET created_at = :c', ExpressionAttributeValues: { ':c': begun } }));
    const again = bodyOf(await callOp(createMultipartUpload, { filename: 'six-days-old.zip', filetype: 'application/zip', size: old.size, lastModified: old.lastModified, partSize: 5 * MiB, date: today }, tech.token));
    expect(again).toMatchObject({ resumed: false, parts: [] });
    expect(again.uploadId).not.toBe(old.uploadId);
    await callOp(abortMultipartUpload, { uploadId: again.uploadId }, tech.token);
  });
});

describe('abortMultipartUpload when S3 fails to abort (ADR 0041, amended)', () => {
  it('forgets the upload and gives its bytes back first: the same file then starts afresh, and S3 leaves the parts to the lifecycle rule', async () => {
    const file = await uploadParts('abort-fails.zip');
    const quota = async () => Number((await db.send(new GetCommand({ TableName: tableName(), Key: keys.rijQuota(tech.id, today), ConsistentRead: true }))).Item?.bytes ?? 0);
    const before = await quota();
    mode = 'abort-fails';
    const answer = await callHere(abortHandler, abortMultipartUpload, { uploadId: file.uploadId }, tech.token).finally(() => (mode = 'plain'));
    expect(bodyOf(answer)).toEqual({ status: 200, s3: 'left-to-lifecycle' });
    expect(await quota()).toBe(before - file.size);
    errorOf(await callOp(listUploadedParts, { uploadId: file.uploadId }, tech.token), 404);
    const fresh = bodyOf(await callOp(createMultipartUpload, { filename: 'abort-fails.zip', filetype: 'application/zip', size: file.size, lastModified: file.lastModified, partSize: 5 * MiB, date: today }, tech.token));
    expect(fresh).toMatchObject({ resumed: false, parts: [] });
    await callOp(abortMultipartUpload, { uploadId: fresh.uploadId }, tech.token);
  });
});

