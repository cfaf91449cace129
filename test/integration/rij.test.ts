import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { zipBytes } from '../support/archives.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  INJECTOR_MESSAGES,
  MAX_SINGLE_PUT_SIZE,
  MAX_UPLOAD_SIZE,
  MiB,
  UPLOAD_CONTENT_TYPE,
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  getDownloadLink,
  getFilesOnServer,
  getStatesByDate,
  getUploadPartUrls,
  getUploadURL,
  listUploadedParts,
  partLength,
  recordUploadedPart,
  uploadedFile,
  uploadedFileStatus,
} from '#shared/catalogue/rij.ts';
import type { ErrorBody, InputOf } from '#shared/catalogue/index.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#functions/plumbing/s3.ts';
import { injectorBucket } from '#functions/storage/injector.ts';
import { objectKeys } from '#functions/storage/injector-keys.ts';
import { keys } from '#functions/plumbing/keys.ts';
import { INJECTOR_RETENTION_DAYS } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';

/**
 * Remote file injection (part 2, rij/...): presigned uploads straight to s3rver, key scoping per
 * date and user, refusals, multipart with recorded parts and resume, download links.
 */
const today = new Date().toISOString().slice(0, 10);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Caller {
  token: string;
  id: number;
}
let tech: Caller;
let other: Caller;
let admin: Caller;

beforeAll(async () => {
  const as = async (role: Parameters<typeof tokenFor>[0]) => {
    const { token, account } = await tokenFor(role);
    return { token, id: account.id };
  };
  [tech, other, admin] = await Promise.all([as(Role.tech_capture), as(Role.tech_injector), as(Role.admin)]);
});

async function putSmall(who: Caller, filename: string, bytes: Uint8Array, filetype = 'application/zip') {
  const res = bodyOf(await callOp(getUploadURL, { filename, filetype, date: today, size: bytes.length }, who.token));
  const put = await fetch(res.url, { method: 'PUT', headers: { 'content-type': res.content_type }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status).toBe(200);
  bodyOf(await callOp(uploadedFile, { filename: res.name, date: today }, who.token));
  return res;
}

/** The files listed for a day (the caller's own unless told). */
const list = async (who: Caller, input: InputOf<typeof getFilesOnServer> = { date: today, showOnlyUserFiles: 'true' }) =>
  bodyOf(await callOp(getFilesOnServer, input, who.token)).files;
const ask = (who: Caller, input: InputOf<typeof getUploadURL>) => callOp(getUploadURL, input, who.token);

describe('getUploadURL', () => {
  it('sanitizes the name (anything but letters, accented ones included, digits, hyphen and dot becomes _) and keys it <date>/<userId>/<name>', async () => {
    const res = bodyOf(await ask(tech, { filename: 'Carte SD #1 (été).zip', filetype: 'application/x-zip-compressed', date: today, size: 1000 }));
    expect(res.name).toBe('Carte_SD__1__été_.zip');
    expect(res.content_type).toBe(UPLOAD_CONTENT_TYPE);
    const url = new URL(res.url);
    expect(decodeURIComponent(url.pathname)).toBe(`/injector/${today}/${tech.id}/Carte_SD__1__été_.zip`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses (400 on filename) a name that composing makes longer than an S3 key can hold, before anything is reserved', async () => {
    // U+0958 becomes two code points under NFC: 255 of them are 1,530 bytes once stored.
    const long = `${'\u0958'.repeat(251)}.zip`;
    expect(errorOf(await ask(tech, { filename: long, filetype: 'application/zip', date: today, size: 1000 }), 400).fields?.filename).toBeDefined();
    const multipart = await callOp(createMultipartUpload, { filename: long, filetype: 'application/zip', size: 6 * MiB, lastModified: 9, partSize: 5 * MiB, date: today }, tech.token);
    expect(errorOf(multipart, 400).fields?.filename).toBeDefined();
  });

  it('refuses anything but zip or tar (400)', async () => {
    for (const [filename, filetype] of [
      ['photo.png', 'image/png'],
      ['setup.exe', ''],
      ['setup.exe', 'application/octet-stream'],
    ] as const) {
      const res = await ask(tech, { filename, filetype, size: 1000 });
      expect(res.status, `${filename} ${filetype}`).toBe(400);
      expect(errorOf(res, 400).fields?.filetype).toBeDefined();
    }
    bodyOf(await ask(tech, { filename: 'card.tar', filetype: 'application/x-tar', size: 1000 }));
  });

  it('files uploads under today only (422 for another day, with the message the screen translates)', async () => {
    expect(errorOf(await ask(tech, { filename: 'old.zip', filetype: 'application/zip', date: '2020-01-01', size: 1000 }), 422).message).toBe(INJECTOR_MESSAGES.todayOnly);
    const multipart = { filename: 'old-big.zip', filetype: 'application/zip', size: 6 * MiB, lastModified: 1, date: '2020-01-01' };
    expect(errorOf(await callOp(createMultipartUpload, multipart, tech.token), 422).message).toBe(INJECTOR_MESSAGES.todayOnly);
  });

  it('signs the ZIP content type and the declared length (S3 refuses a PUT with another type or size; s3rver does not check V4 signatures) and no empty-body checksum', async () => {
    const url = new URL(bodyOf(await ask(tech, { filename: 'typed.zip', filetype: 'application/zip', date: today, size: 4321 })).url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length']));
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
  });

  it('needs the size, and sends files over 1 GiB by multipart (400 with the field)', async () => {
    // Raw call: the operation's type requires the size this request leaves out.
    const missing = await call<ErrorBody>('POST', getUploadURL.path, { token: tech.token, body: { filename: 'nosize.zip', filetype: 'application/zip', date: today } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.size).toBeDefined();
    const big = await ask(tech, { filename: 'big.zip', filetype: 'application/zip', date: today, size: MAX_SINGLE_PUT_SIZE + 1 });
    expect(errorOf(big, 400).fields?.size).toBeDefined();
  });
});

describe('what the injector accepts', () => {
  it('refuses an empty file before it takes the name (422, with the message the screen translates)', async () => {
    expect(errorOf(await ask(tech, { filename: 'empty.zip', filetype: 'application/zip', date: today, size: 0 }), 422).message).toBe(INJECTOR_MESSAGES.empty);
  });

  it('deletes an empty object stored under an upload\'s name when it is marked uploaded (422), never a 500', async () => {
    const key = objectKeys.file(today, tech.id, 'stored-empty.zip');
    await s3.send(new PutObjectCommand({ Bucket: injectorBucket(), Key: key, Body: new Uint8Array(0), ContentType: UPLOAD_CONTENT_TYPE }));
    const marked = await callOp(uploadedFile, { filename: 'stored-empty.zip', date: today }, tech.token);
    expect(errorOf(marked, 422).message).toBe(INJECTOR_MESSAGES.notAnArchive);
    expect((await list(tech)).map((f) => f.name)).not.toContain('stored-empty.zip');
  });

  it('deletes a file that is not a zip or tar archive when it is marked uploaded (422), even with the right name and type', async () => {
    const fake = Buffer.from('MZ this is a program, not an archive'.repeat(40));
    const res = bodyOf(await ask(tech, { filename: 'fake.zip', filetype: 'application/zip', date: today, size: fake.length }));
    expect((await fetch(res.url, { method: 'PUT', headers: { 'content-type': res.content_type }, body: fake as Uint8Array<ArrayBuffer> })).status).toBe(200);
    const marked = await callOp(uploadedFile, { filename: res.name, date: today }, tech.token);
    expect(errorOf(marked, 422).message).toBe(INJECTOR_MESSAGES.notAnArchive);
    expect((await list(tech)).map((f) => f.name)).not.toContain('fake.zip');
  });

  it('deletes a file stored with another content type than the signed one (422)', async () => {
    const bytes = zipBytes(3000);
    const res = bodyOf(await ask(tech, { filename: 'retyped.zip', filetype: 'application/zip', date: today, size: bytes.length }));
    await fetch(res.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: bytes });
    errorOf(await callOp(uploadedFile, { filename: res.name, date: today }, tech.token), 422);
    expect((await list(tech)).map((f) => f.name)).not.toContain('retyped.zip');
  });

  it('counts declared sizes toward a daily quota per user, atomically, and answers 422 past it', async () => {
    const sender = await tokenFor(Role.releaser);
    const asSender = { token: sender.token, id: sender.account.id };
    const quota = 10 * MiB;
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.settings('injector'), dailyQuotaBytes: quota } }));
    try {
      const askQuota = (i: number) => ask(asSender, { filename: `q${i}.zip`, filetype: 'application/zip', date: today, size: 3 * MiB });
      // Five concurrent requests of 3 MiB against 10 MiB: exactly three fit.
      const answers = await Promise.all([0, 1, 2, 3, 4].map(askQuota));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused.map((a) => a.status)).toEqual([422, 422]);
      expect(errorOf(refused[0]!, 422).message).toBe(INJECTOR_MESSAGES.quotaReached);
      // A multipart upload counts its whole declared size too.
      const multipart = { filename: 'm.zip', filetype: 'application/zip', lastModified: 1, date: today };
      errorOf(await callOp(createMultipartUpload, { ...multipart, size: 2 * MiB }, sender.token), 422);
      // Cancelling an upload gives its bytes back.
      const fits = bodyOf(await callOp(createMultipartUpload, { ...multipart, size: MiB }, sender.token));
      errorOf(await askQuota(5), 422);
      await callOp(abortMultipartUpload, { uploadId: fits.uploadId }, sender.token);
      bodyOf(await ask(asSender, { filename: 'after.zip', filetype: 'application/zip', date: today, size: MiB }));
      // Once: the same upload cancelled again is unknown, and its bytes are not given back twice.
      errorOf(await callOp(abortMultipartUpload, { uploadId: fits.uploadId }, sender.token), 404);
      errorOf(await ask(asSender, { filename: 'again.zip', filetype: 'application/zip', date: today, size: MiB }), 422);
      // Another user's quota is their own.
      bodyOf(await ask(tech, { filename: 'mine.zip', filetype: 'application/zip', date: today, size: 3 * MiB }));
    } finally {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.settings('injector') }));
    }
  });
});

describe('marking a file uploaded with the size sent (ADR 0605)', () => {
  /** The bytes counted today toward a user's quota. */
  const counted = async (who: Caller) => ((await db.send(new GetCommand({ TableName: tableName(), Key: keys.rijQuota(who.id, today), ConsistentRead: true }))).Item?.bytes as number | undefined) ?? 0;

  it('marks a stored file of the size sent; a file stored with another size is deleted (422)', async () => {
    const bytes = zipBytes(4000);
    const res = bodyOf(await ask(tech, { filename: 'sized.zip', filetype: 'application/zip', date: today, size: bytes.length }));
    expect((await fetch(res.url, { method: 'PUT', headers: { 'content-type': res.content_type }, body: bytes })).status).toBe(200);
    expect(bodyOf(await callOp(uploadedFile, { filename: res.name, date: today, size: bytes.length }, tech.token)).file).toMatchObject({ name: 'sized.zip', size: bytes.length });
    // Marked again (a retried call whose answer was lost): the same answer.
    bodyOf(await callOp(uploadedFile, { filename: res.name, date: today, size: bytes.length }, tech.token));

    const other = zipBytes(5000);
    const short = bodyOf(await ask(tech, { filename: 'short.zip', filetype: 'application/zip', date: today, size: other.length }));
    // s3rver does not check the signed Content-Length (S3 does): a shorter body gets stored locally.
    expect((await fetch(short.url, { method: 'PUT', headers: { 'content-type': short.content_type }, body: other.subarray(0, 4500) })).status).toBe(200);
    expect(errorOf(await callOp(uploadedFile, { filename: short.name, date: today, size: other.length }, tech.token), 422).message).toBe(INJECTOR_MESSAGES.sizeMismatch);
    expect(bodyOf(await callOp(uploadedFileStatus, { filename: short.name, date: today }, tech.token)).stored).toBe(false);
  });

  it('a multipart upload completed whose mark step was lost: the status tells its size, and marking it counts nothing again', async () => {
    const size = 6 * MiB + 7;
    const bytes = zipBytes(size);
    const created = bodyOf(await callOp(createMultipartUpload, { filename: 'lost-mark.zip', filetype: 'application/zip', size, lastModified: 2, partSize: 5 * MiB, date: today }, tech.token));
    const urls = bodyOf(await callOp(getUploadPartUrls, { uploadId: created.uploadId, partNumbers: [1, 2] }, tech.token)).urls;
    const parts = [];
    for (const { partNumber, url } of urls) {
      const chunk = bytes.subarray((partNumber - 1) * created.partSize, partNumber * created.partSize);
      const put = await fetch(url, { method: 'PUT', body: chunk });
      parts.push({ partNumber, etag: put.headers.get('etag')!, size: chunk.length });
    }
    bodyOf(await callOp(recordUploadedPart, { uploadId: created.uploadId, parts }, tech.token));
    bodyOf(await callOp(completeMultipartUpload, { uploadId: created.uploadId }, tech.token));
    const before = await counted(tech);

    // The browser's retry checks where its earlier attempt sent the file (a HEAD), then only marks it.
    expect(bodyOf(await callOp(uploadedFileStatus, { filename: 'lost-mark.zip', date: today }, tech.token))).toMatchObject({ stored: true, file: { size } });
    bodyOf(await callOp(uploadedFile, { filename: 'lost-mark.zip', date: today, size }, tech.token));
    expect(await counted(tech)).toBe(before);
    expect(await list(tech)).toContainEqual(expect.objectContaining({ name: 'lost-mark.zip', size }));
  });
});

describe('two files of one name the same day', () => {
  it('refuses a second file of the name with another size (409, single or multipart): it would replace the first; the same file again is allowed', async () => {
    const first = zipBytes(3000);
    await putSmall(tech, 'DCIM.zip', first);
    expect(errorOf(await ask(tech, { filename: 'DCIM.zip', filetype: 'application/zip', date: today, size: 3500 }), 409).message).toBe(INJECTOR_MESSAGES.nameTaken);
    // 'DCIM .zip' sanitizes to 'DCIM_.zip': the name it would be stored under is taken.
    await putSmall(tech, 'DCIM_.zip', zipBytes(2000));
    expect(errorOf(await ask(tech, { filename: 'DCIM .zip', filetype: 'application/zip', date: today, size: 2500 }), 409).message).toBe(INJECTOR_MESSAGES.nameTaken);
    const multipart = await callOp(createMultipartUpload, { filename: 'DCIM.zip', filetype: 'application/zip', size: 6 * MiB, lastModified: 3, partSize: 5 * MiB, date: today }, tech.token);
    expect(errorOf(multipart, 409).message).toBe(INJECTOR_MESSAGES.nameTaken);
    // The first file is still there, whole.
    expect(bodyOf(await callOp(uploadedFileStatus, { filename: 'DCIM.zip', date: today }, tech.token))).toMatchObject({ stored: true, file: { size: first.length } });
    // The same file sent again (same size) is not refused.
    bodyOf(await ask(tech, { filename: 'DCIM.zip', filetype: 'application/zip', date: today, size: first.length }));
  });
});

describe('small file: PUT, mark uploaded, list, download', () => {
  it('stores the bytes, lists the file with its size and 90-day deletion date, and a download link returns the bytes', async () => {
    const bytes = zipBytes(200_000);
    const { name } = await putSmall(tech, 'small-card.zip', bytes);

    const status = bodyOf(await callOp(uploadedFileStatus, { filename: name, date: today }, tech.token));
    expect(status).toMatchObject({ status: 200, stored: true, file: { name, size: bytes.length } });

    const files = await list(tech);
    const file = files.find((f) => f.name === name)!;
    expect(file).toMatchObject({ name, size: bytes.length, date: today, user_id: tech.id });
    expect(Date.parse(file.deletes_at) - Date.parse(file.updated)).toBe(INJECTOR_RETENTION_DAYS * 86_400_000);

    // The date in its other reading, DD-MM-YYYY.
    const [y, m, d] = today.split('-');
    expect((await list(tech, { date: `${d}-${m}-${y}` })).map((f) => f.name)).toContain(name);

    const link = bodyOf(await callOp(getDownloadLink, { filename: name, date: today }, tech.token));
    const download = await fetch(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(name);
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
  });

  it('keeps an accented name through the upload, the list and the download (its header names it exactly, in RFC 8187 form)', async () => {
    const bytes = zipBytes(3000);
    const { name } = await putSmall(tech, 'Carte été.zip', bytes);
    expect(name).toBe('Carte_été.zip');
    expect((await list(tech)).map((f) => f.name)).toContain('Carte_été.zip');
    const link = bodyOf(await callOp(getDownloadLink, { filename: 'Carte_été.zip', date: today }, tech.token));
    const download = await fetch(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Carte_ete.zip"; filename*=UTF-8''Carte_%C3%A9t%C3%A9.zip`);
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
  });

  it('records the SD card upload state, seen by its owner and admins only', async () => {
    await putSmall(tech, 'SD-042.zip', zipBytes(1000));
    const cards = async (who: Caller) => bodyOf(await callOp(getStatesByDate, { date: today }, who.token)).cards;
    expect(await cards(tech)).toContainEqual(expect.objectContaining({ sd_card: 'SD-042', state: 'upload', user_id: tech.id }));
    expect((await cards(other)).map((c) => c.sd_card)).not.toContain('SD-042');
    expect((await cards(admin)).map((c) => c.sd_card)).toContain('SD-042');
  });
});

describe('key scoping: nobody reaches another user\'s files unless admin level', () => {
  let name: string;
  beforeAll(async () => {
    name = (await putSmall(tech, 'private-card.zip', zipBytes(5000))).name;
  });

  it('another user does not see it in their list, and may not list everyone\'s (403)', async () => {
    expect((await list(other)).map((f) => f.name)).not.toContain(name);
    errorOf(await callOp(getFilesOnServer, { date: today, showOnlyUserFiles: 'false' }, other.token), 403);
  });

  it('another user gets 403 for a link to it, 404 for the same name in their own folder, 404 for a path', async () => {
    errorOf(await callOp(getDownloadLink, { filename: name, date: today, user_id: tech.id }, other.token), 403);
    errorOf(await callOp(getDownloadLink, { filename: name, date: today }, other.token), 404);
    errorOf(await callOp(getDownloadLink, { filename: `../${tech.id}/${name}`, date: today }, other.token), 404);
    expect(bodyOf(await callOp(uploadedFileStatus, { filename: name, date: today }, other.token))).toMatchObject({ stored: false });
  });

  it('an admin lists everyone\'s files of the day and gets a link to this one', async () => {
    const files = await list(admin, { date: today, showOnlyUserFiles: 'false' });
    expect(files).toContainEqual(expect.objectContaining({ name, user_id: tech.id }));
    const link = bodyOf(await callOp(getDownloadLink, { filename: name, date: today, user_id: tech.id }, admin.token));
    expect((await fetch(link.url)).status).toBe(200);
  });
});

describe('multipart upload through presigned part URLs', () => {
  const size = 12 * MiB + 123;
  const bytes = zipBytes(size);
  const file = { filename: 'big card.zip', filetype: 'application/zip', size, lastModified: 1_700_000_000_000, partSize: 5 * MiB, date: today };

  /** PUTs one part to its presigned URL: what a record of it says. */
  async function storePart(who: Caller, uploadId: string, partNumber: number, partSize: number) {
    const urls = bodyOf(await callOp(getUploadPartUrls, { uploadId, partNumbers: [partNumber] }, who.token));
    const url = new URL(urls.urls[0]!.url);
    // Each part URL signs its exact length (S3 refuses another size): the parts cannot store more than declared.
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    const chunk = bytes.subarray((partNumber - 1) * partSize, partNumber * partSize);
    expect(chunk.length).toBe(partLength(size, partSize, partNumber));
    const put = await fetch(urls.urls[0]!.url, { method: 'PUT', body: chunk });
    expect(put.status).toBe(200);
    return { partNumber, etag: put.headers.get('etag')!, size: chunk.length };
  }

  async function sendPart(who: Caller, uploadId: string, partNumber: number, partSize: number) {
    const part = await storePart(who, uploadId, partNumber, partSize);
    expect(bodyOf(await callOp(recordUploadedPart, { uploadId, parts: [part] }, who.token))).toEqual({ status: 200, recorded: 1 });
  }

  it('stores parts, resumes with the recorded ones, refuses to complete while parts are missing, then completes and lists the file', async () => {
    const created = bodyOf(await callOp(createMultipartUpload, file, tech.token));
    const { uploadId, partSize, partCount } = created;
    expect(created).toMatchObject({ name: 'big_card.zip', partSize: 5 * MiB, partCount: 3, resumed: false, parts: [] });

    await sendPart(tech, uploadId, 1, partSize);
    await sendPart(tech, uploadId, 2, partSize);

    // A reload: the same file again resumes the same upload with the stored parts.
    const again = bodyOf(await callOp(createMultipartUpload, file, tech.token));
    expect(again).toMatchObject({ uploadId, resumed: true, partCount });
    expect(again.parts.map((p) => p.partNumber).sort()).toEqual([1, 2]);
    const listed = bodyOf(await callOp(listUploadedParts, { uploadId }, tech.token));
    expect(listed.parts).toEqual([expect.objectContaining({ partNumber: 1, size: partSize }), expect.objectContaining({ partNumber: 2, size: partSize })]);

    // Someone else's upload does not exist for them.
    errorOf(await callOp(listUploadedParts, { uploadId }, other.token), 404);
    errorOf(await callOp(getUploadPartUrls, { uploadId, partNumbers: [3] }, other.token), 404);
    errorOf(await callOp(completeMultipartUpload, { uploadId }, other.token), 404);
    errorOf(await callOp(abortMultipartUpload, { uploadId }, other.token), 404);

    // Part numbers beyond the upload, and wrong sizes, are refused.
    errorOf(await callOp(getUploadPartUrls, { uploadId, partNumbers: [4] }, tech.token), 400);
    const wrongSize = errorOf(await callOp(recordUploadedPart, { uploadId, parts: [{ partNumber: 3, etag: 'd41d8cd98f00b204e9800998ecf8427e', size: partSize }] }, tech.token), 400);
    expect(wrongSize.fields?.['parts.0.size']).toEqual([`Part 3 is ${size - 2 * partSize} bytes.`]);

    const early = errorOf(await callOp(completeMultipartUpload, { uploadId }, tech.token), 409);
    expect(early.details).toMatchObject({ missing: [3] });

    await sendPart(tech, uploadId, 3, partSize);
    const done = bodyOf(await callOp(completeMultipartUpload, { uploadId }, tech.token));
    expect(done).toEqual({ name: 'big_card.zip', date: today, size });
    bodyOf(await callOp(uploadedFile, { filename: 'big_card.zip', date: today }, tech.token));

    expect(await list(tech)).toContainEqual(expect.objectContaining({ name: 'big_card.zip', size }));
    const link = bodyOf(await callOp(getDownloadLink, { filename: 'big_card.zip', date: today }, tech.token));
    expect(sha(new Uint8Array(await (await fetch(link.url)).arrayBuffer()))).toBe(sha(bytes));

    // The records are gone: the same file starts a new upload.
    errorOf(await callOp(listUploadedParts, { uploadId }, tech.token), 404);
  });

  it('records stored parts in batches (ADR 0420): one call for several parts in any order, a part recorded again replaces its record', async () => {
    const created = bodyOf(await callOp(createMultipartUpload, { ...file, filename: 'batched.zip' }, tech.token));
    const { uploadId, partSize } = created;
    const parts = [];
    for (const n of [1, 2, 3]) parts.push(await storePart(tech, uploadId, n, partSize));
    expect(bodyOf(await callOp(recordUploadedPart, { uploadId, parts: [parts[2]!, parts[0]!] }, tech.token))).toEqual({ status: 200, recorded: 2 });
    expect(bodyOf(await callOp(recordUploadedPart, { uploadId, parts: [parts[1]!, parts[0]!] }, tech.token))).toEqual({ status: 200, recorded: 2 });
    const listed = bodyOf(await callOp(listUploadedParts, { uploadId }, tech.token)).parts.sort((a, b) => a.partNumber - b.partNumber);
    // Stored without S3's quotes, as complete sends them back.
    expect(listed).toEqual(parts.map((p) => ({ ...p, etag: p.etag.replace(/"/g, '') })));
    bodyOf(await callOp(completeMultipartUpload, { uploadId }, tech.token));
    const link = bodyOf(await callOp(getDownloadLink, { filename: 'batched.zip', date: today }, tech.token));
    expect(sha(new Uint8Array(await (await fetch(link.url)).arrayBuffer()))).toBe(sha(bytes));
  });

  it('refuses a malformed batch of parts with a 400 naming each bad field, and records nothing of it', async () => {
    const created = bodyOf(await callOp(createMultipartUpload, { ...file, filename: 'hostile-parts.zip' }, tech.token));
    const { uploadId, partSize, partCount } = created;
    const md5 = 'd41d8cd98f00b204e9800998ecf8427e';
    const good = (partNumber: number) => ({ partNumber, etag: `"${md5}"`, size: partLength(size, partSize, partNumber) });
    const refused = async (parts: unknown, field: string) => {
      const res = await call<ErrorBody>('POST', `/api/rij/multipart/${uploadId}/parts`, { token: tech.token, body: { parts } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys((res.body as ErrorBody).error.fields ?? {}), JSON.stringify(res.body)).toContain(field);
    };
    await refused([], 'parts');
    await refused(Array.from({ length: 51 }, () => good(1)), 'parts');
    await refused('1', 'parts');
    await refused([good(1), good(2), good(1)], 'parts.2.partNumber');
    await refused([{ ...good(1), partNumber: 0 }], 'parts.0.partNumber');
    await refused([good(1), { ...good(1), partNumber: 10_001 }], 'parts.1.partNumber');
    await refused([{ ...good(1), partNumber: '1' }], 'parts.0.partNumber');
    await refused([{ ...good(1), partNumber: 1.5 }], 'parts.0.partNumber');
    await refused([{ ...good(1), etag: 'x' }], 'parts.0.etag');
    await refused([{ ...good(1), etag: `${md5}0` }], 'parts.0.etag');
    await refused([{ ...good(1), etag: `"${'g'.repeat(32)}"` }], 'parts.0.etag');
    await refused([{ ...good(1), etag: 42 }], 'parts.0.etag');
    await refused([{ ...good(1), size: -1 }], 'parts.0.size');
    await refused([{ ...good(1), size: 'big' }], 'parts.0.size');
    await refused([{ partNumber: 1 }], 'parts.0.etag');
    await refused([null], 'parts.0');
    // Checked against the upload: a part beyond its count, a wrong length; the good part beside them is not recorded either.
    await refused([good(1), { ...good(1), partNumber: partCount + 1 }], 'parts.1.partNumber');
    await refused([good(1), { ...good(2), size: partSize - 1 }], 'parts.1.size');
    expect(bodyOf(await callOp(listUploadedParts, { uploadId }, tech.token)).parts).toEqual([]);
    // Someone else's upload does not exist for them, whatever the batch.
    errorOf(await callOp(recordUploadedPart, { uploadId, parts: [good(1)] }, other.token), 404);
    expect(bodyOf(await callOp(listUploadedParts, { uploadId }, tech.token)).parts).toEqual([]);
    await callOp(abortMultipartUpload, { uploadId }, tech.token);
  });

  it('refuses a declared size over 500 GiB (400 with the field)', async () => {
    const res = await callOp(createMultipartUpload, { filename: 'too-big.zip', filetype: 'application/zip', size: MAX_UPLOAD_SIZE + 1, lastModified: 1 }, tech.token);
    expect(errorOf(res, 400).fields?.size).toBeDefined();
  });

  it('keeps every upload under 10,000 parts', async () => {
    const huge = bodyOf(await callOp(createMultipartUpload, { filename: 'huge.zip', filetype: 'application/zip', size: 200 * 1024 * MiB, lastModified: 1 }, tech.token));
    expect(huge.partCount).toBeLessThanOrEqual(10_000);
    expect(huge.partSize * huge.partCount).toBeGreaterThanOrEqual(200 * 1024 * MiB);
    await callOp(abortMultipartUpload, { uploadId: huge.uploadId }, tech.token);
  });

  it('abort forgets the upload even though the local emulator cannot abort it', async () => {
    const created = bodyOf(await callOp(createMultipartUpload, { ...file, filename: 'cancelled.zip' }, tech.token));
    await sendPart(tech, created.uploadId, 1, created.partSize);
    const aborted = bodyOf(await callOp(abortMultipartUpload, { uploadId: created.uploadId }, tech.token));
    expect(['aborted', 'not-supported']).toContain(aborted.s3);
    errorOf(await callOp(listUploadedParts, { uploadId: created.uploadId }, tech.token), 404);
    const fresh = bodyOf(await callOp(createMultipartUpload, { ...file, filename: 'cancelled.zip' }, tech.token));
    expect(fresh).toMatchObject({ resumed: false, parts: [] });
    expect(fresh.uploadId).not.toBe(created.uploadId);
    await callOp(abortMultipartUpload, { uploadId: fresh.uploadId }, tech.token);
  });
});
