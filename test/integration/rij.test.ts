import '../support/stack-env.ts';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { zipBytes } from '../support/archives.ts';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { INJECTOR_MESSAGES, MAX_SINGLE_PUT_SIZE, MAX_UPLOAD_SIZE, MiB, UPLOAD_CONTENT_TYPE, partLength, type RemoteFile } from '#shared/catalogue/rij.ts';
import { db, tableName } from '#functions/plumbing/aws.ts';
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
  const res = await call<{ url: string; name: string; date: string; content_type: string }>('POST', '/api/rij/getUploadURL', {
    token: who.token,
    body: { filename, filetype, date: today, size: bytes.length },
  });
  expect(res.status).toBe(200);
  const put = await fetch(res.body.url, { method: 'PUT', headers: { 'content-type': res.body.content_type }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status).toBe(200);
  const marked = await call<{ file: RemoteFile }>('POST', '/api/rij/uploadedFile', { token: who.token, body: { filename: res.body.name, date: today } });
  expect(marked.status).toBe(200);
  return res.body;
}

const list = (who: Caller, query = `date=${today}&showOnlyUserFiles=true`) => call<{ files: RemoteFile[] }>('GET', `/api/rij/getFilesOnServer?${query}`, { token: who.token });

describe('getUploadURL', () => {
  it('sanitizes the name (anything but letters, digits, hyphen and dot becomes _) and keys it <date>/<userId>/<name>', async () => {
    const res = await call<{ url: string; name: string; date: string; content_type: string }>('POST', '/api/rij/getUploadURL', {
      token: tech.token,
      body: { filename: 'Carte SD #1 (été).zip', filetype: 'application/x-zip-compressed', date: today, size: 1000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Carte_SD__1___t__.zip');
    expect(res.body.content_type).toBe(UPLOAD_CONTENT_TYPE);
    const url = new URL(res.body.url);
    expect(decodeURIComponent(url.pathname)).toBe(`/injector/${today}/${tech.id}/Carte_SD__1___t__.zip`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses anything but zip or tar (400)', async () => {
    for (const [filename, filetype] of [
      ['photo.png', 'image/png'],
      ['setup.exe', ''],
      ['setup.exe', 'application/octet-stream'],
    ]) {
      const res = await call<{ error: { code: string; fields: Record<string, string[]> } }>('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename, filetype, size: 1000 } });
      expect(res.status, `${filename} ${filetype}`).toBe(400);
      expect(res.body.error.fields.filetype).toBeDefined();
    }
    const tar = await call('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename: 'card.tar', filetype: 'application/x-tar', size: 1000 } });
    expect(tar.status).toBe(200);
  });

  it('files uploads under today only (422 for another day)', async () => {
    const res = await call('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename: 'old.zip', filetype: 'application/zip', date: '2020-01-01', size: 1000 } });
    expect(res.status).toBe(422);
  });

  it('signs the ZIP content type and the declared length (S3 refuses a PUT with another type or size; s3rver does not check V4 signatures) and no empty-body checksum', async () => {
    const res = await call<{ url: string }>('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename: 'typed.zip', filetype: 'application/zip', date: today, size: 4321 } });
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length']));
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
  });

  it('needs the size, and sends files over 1 GiB by multipart (400 with the field)', async () => {
    const missing = await call<FieldError>('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename: 'nosize.zip', filetype: 'application/zip', date: today } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.size).toBeDefined();
    const big = await call<FieldError>('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename: 'big.zip', filetype: 'application/zip', date: today, size: MAX_SINGLE_PUT_SIZE + 1 } });
    expect(big.status).toBe(400);
    expect(big.body.error.fields.size).toBeDefined();
  });
});

type FieldError = { error: { code: string; message: string; fields: Record<string, string[]> } };

describe('what the injector accepts', () => {
  it('deletes a file that is not a zip or tar archive when it is marked uploaded (422), even with the right name and type', async () => {
    const fake = Buffer.from('MZ this is a program, not an archive'.repeat(40));
    const res = await call<{ url: string; name: string; content_type: string }>('POST', '/api/rij/getUploadURL', {
      token: tech.token,
      body: { filename: 'fake.zip', filetype: 'application/zip', date: today, size: fake.length },
    });
    expect((await fetch(res.body.url, { method: 'PUT', headers: { 'content-type': res.body.content_type }, body: fake as Uint8Array<ArrayBuffer> })).status).toBe(200);
    const marked = await call<FieldError>('POST', '/api/rij/uploadedFile', { token: tech.token, body: { filename: res.body.name, date: today } });
    expect(marked.status).toBe(422);
    expect(marked.body.error.message).toBe(INJECTOR_MESSAGES.notAnArchive);
    expect((await list(tech)).body.files.map((f) => f.name)).not.toContain('fake.zip');
  });

  it('deletes a file stored with another content type than the signed one (422)', async () => {
    const bytes = zipBytes(3000);
    const res = await call<{ url: string; name: string }>('POST', '/api/rij/getUploadURL', {
      token: tech.token,
      body: { filename: 'retyped.zip', filetype: 'application/zip', date: today, size: bytes.length },
    });
    await fetch(res.body.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: bytes });
    const marked = await call('POST', '/api/rij/uploadedFile', { token: tech.token, body: { filename: res.body.name, date: today } });
    expect(marked.status).toBe(422);
    expect((await list(tech)).body.files.map((f) => f.name)).not.toContain('retyped.zip');
  });

  it('counts declared sizes toward a daily quota per user, atomically, and answers 422 past it', async () => {
    const sender = await tokenFor(Role.releaser);
    const quota = 10 * MiB;
    await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.settings('injector'), dailyQuotaBytes: quota } }));
    try {
      const ask = (i: number) =>
        call<FieldError>('POST', '/api/rij/getUploadURL', { token: sender.token, body: { filename: `q${i}.zip`, filetype: 'application/zip', date: today, size: 3 * MiB } });
      // Five concurrent requests of 3 MiB against 10 MiB: exactly three fit.
      const answers = await Promise.all([0, 1, 2, 3, 4].map(ask));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused.map((a) => a.status)).toEqual([422, 422]);
      expect(refused[0]!.body.error.message).toBe(INJECTOR_MESSAGES.quotaReached);
      // A multipart upload counts its whole declared size too.
      const multi = await call('POST', '/api/rij/multipart', { token: sender.token, body: { filename: 'm.zip', filetype: 'application/zip', size: 2 * MiB, lastModified: 1, date: today } });
      expect(multi.status).toBe(422);
      // Cancelling an upload gives its bytes back.
      const fits = await call<{ uploadId: string }>('POST', '/api/rij/multipart', { token: sender.token, body: { filename: 'm.zip', filetype: 'application/zip', size: MiB, lastModified: 1, date: today } });
      expect(fits.status).toBe(200);
      expect((await ask(5)).status).toBe(422);
      await call('DELETE', `/api/rij/multipart/${fits.body.uploadId}`, { token: sender.token });
      expect((await call('POST', '/api/rij/getUploadURL', { token: sender.token, body: { filename: 'after.zip', filetype: 'application/zip', date: today, size: MiB } })).status).toBe(200);
      // Another user's quota is their own.
      expect((await call('POST', '/api/rij/getUploadURL', { token: tech.token, body: { filename: 'mine.zip', filetype: 'application/zip', date: today, size: 3 * MiB } })).status).toBe(200);
    } finally {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.settings('injector') }));
    }
  });
});

describe('small file: PUT, mark uploaded, list, download', () => {
  it('stores the bytes, lists the file with its size and 90-day deletion date, and a download link returns the bytes', async () => {
    const bytes = zipBytes(200_000);
    const { name } = await putSmall(tech, 'small-card.zip', bytes);

    const status = await call<{ stored: boolean; file: RemoteFile }>('POST', '/api/rij/uploadedFileStatus', { token: tech.token, body: { filename: name, date: today } });
    expect(status.body).toMatchObject({ status: 200, stored: true, file: { name, size: bytes.length } });

    const files = (await list(tech)).body.files;
    const file = files.find((f) => f.name === name)!;
    expect(file).toMatchObject({ name, size: bytes.length, date: today, user_id: tech.id });
    expect(Date.parse(file.deletes_at) - Date.parse(file.updated)).toBe(INJECTOR_RETENTION_DAYS * 86_400_000);

    // The date in its other reading, DD-MM-YYYY.
    const [y, m, d] = today.split('-');
    expect((await list(tech, `date=${d}-${m}-${y}`)).body.files.map((f) => f.name)).toContain(name);

    const link = await call<{ status: number; url: string }>('GET', `/api/rij/getDownloadLink?filename=${name}&date=${today}`, { token: tech.token });
    expect(link.status).toBe(200);
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(name);
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
  });

  it('records the SD card upload state, seen by its owner and admins only', async () => {
    await putSmall(tech, 'SD-042.zip', zipBytes(1000));
    const own = await call<{ cards: { sd_card: string; state: string; user_id: number }[] }>('GET', `/api/rij/getStatesByDate?date=${today}`, { token: tech.token });
    expect(own.body.cards).toContainEqual(expect.objectContaining({ sd_card: 'SD-042', state: 'upload', user_id: tech.id }));
    const theirs = await call<{ cards: { sd_card: string }[] }>('GET', `/api/rij/getStatesByDate?date=${today}`, { token: other.token });
    expect(theirs.body.cards.map((c) => c.sd_card)).not.toContain('SD-042');
    const admins = await call<{ cards: { sd_card: string }[] }>('GET', `/api/rij/getStatesByDate?date=${today}`, { token: admin.token });
    expect(admins.body.cards.map((c) => c.sd_card)).toContain('SD-042');
  });
});

describe('key scoping: nobody reaches another user\'s files unless admin level', () => {
  let name: string;
  beforeAll(async () => {
    name = (await putSmall(tech, 'private-card.zip', zipBytes(5000))).name;
  });

  it('another user does not see it in their list, and may not list everyone\'s (403)', async () => {
    expect((await list(other)).body.files.map((f) => f.name)).not.toContain(name);
    expect((await list(other, `date=${today}&showOnlyUserFiles=false`)).status).toBe(403);
  });

  it('another user gets 403 for a link to it, 404 for the same name in their own folder, 404 for a path', async () => {
    expect((await call('GET', `/api/rij/getDownloadLink?filename=${name}&date=${today}&user_id=${tech.id}`, { token: other.token })).status).toBe(403);
    expect((await call('GET', `/api/rij/getDownloadLink?filename=${name}&date=${today}`, { token: other.token })).status).toBe(404);
    const traversal = encodeURIComponent(`../${tech.id}/${name}`);
    expect((await call('GET', `/api/rij/getDownloadLink?filename=${traversal}&date=${today}`, { token: other.token })).status).toBe(404);
    expect((await call('POST', '/api/rij/uploadedFileStatus', { token: other.token, body: { filename: name, date: today } })).body).toMatchObject({ stored: false });
  });

  it('an admin lists everyone\'s files of the day and gets a link to this one', async () => {
    const files = (await list(admin, `date=${today}&showOnlyUserFiles=false`)).body.files;
    expect(files).toContainEqual(expect.objectContaining({ name, user_id: tech.id }));
    const link = await call<{ url: string }>('GET', `/api/rij/getDownloadLink?filename=${name}&date=${today}&user_id=${tech.id}`, { token: admin.token });
    expect(link.status).toBe(200);
    expect((await fetch(link.body.url)).status).toBe(200);
  });
});

describe('multipart upload through presigned part URLs', () => {
  interface Created {
    uploadId: string;
    name: string;
    partSize: number;
    partCount: number;
    resumed: boolean;
    parts: { partNumber: number; etag: string; size: number }[];
  }
  const size = 12 * MiB + 123;
  const bytes = zipBytes(size);
  const file = { filename: 'big card.zip', filetype: 'application/zip', size, lastModified: 1_700_000_000_000, partSize: 5 * MiB, date: today };

  async function sendPart(who: Caller, uploadId: string, partNumber: number, partSize: number) {
    const urls = await call<{ urls: { partNumber: number; url: string }[] }>('POST', `/api/rij/multipart/${uploadId}/urls`, { token: who.token, body: { partNumbers: [partNumber] } });
    expect(urls.status).toBe(200);
    const url = new URL(urls.body.urls[0]!.url);
    // Each part URL signs its exact length (S3 refuses another size): the parts cannot store more than declared.
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    const chunk = bytes.subarray((partNumber - 1) * partSize, partNumber * partSize);
    expect(chunk.length).toBe(partLength(size, partSize, partNumber));
    const put = await fetch(urls.body.urls[0]!.url, { method: 'PUT', body: chunk });
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag')!;
    const recorded = await call('PUT', `/api/rij/multipart/${uploadId}/parts/${partNumber}`, { token: who.token, body: { etag, size: chunk.length } });
    expect(recorded.status).toBe(200);
  }

  it('stores parts, resumes with the recorded ones, refuses to complete while parts are missing, then completes and lists the file', async () => {
    const created = await call<Created>('POST', '/api/rij/multipart', { token: tech.token, body: file });
    expect(created.status).toBe(200);
    const { uploadId, partSize, partCount } = created.body;
    expect(created.body).toMatchObject({ name: 'big_card.zip', partSize: 5 * MiB, partCount: 3, resumed: false, parts: [] });

    await sendPart(tech, uploadId, 1, partSize);
    await sendPart(tech, uploadId, 2, partSize);

    // A reload: the same file again resumes the same upload with the stored parts.
    const again = await call<Created>('POST', '/api/rij/multipart', { token: tech.token, body: file });
    expect(again.body).toMatchObject({ uploadId, resumed: true, partCount });
    expect(again.body.parts.map((p) => p.partNumber).sort()).toEqual([1, 2]);
    const listed = await call<{ parts: { partNumber: number; size: number }[] }>('GET', `/api/rij/multipart/${uploadId}/parts`, { token: tech.token });
    expect(listed.body.parts).toEqual([expect.objectContaining({ partNumber: 1, size: partSize }), expect.objectContaining({ partNumber: 2, size: partSize })]);

    // Someone else's upload does not exist for them.
    expect((await call('GET', `/api/rij/multipart/${uploadId}/parts`, { token: other.token })).status).toBe(404);
    expect((await call('POST', `/api/rij/multipart/${uploadId}/urls`, { token: other.token, body: { partNumbers: [3] } })).status).toBe(404);
    expect((await call('POST', `/api/rij/multipart/${uploadId}/complete`, { token: other.token, body: {} })).status).toBe(404);
    expect((await call('DELETE', `/api/rij/multipart/${uploadId}`, { token: other.token })).status).toBe(404);

    // Part numbers beyond the upload, and wrong sizes, are refused.
    expect((await call('POST', `/api/rij/multipart/${uploadId}/urls`, { token: tech.token, body: { partNumbers: [4] } })).status).toBe(400);
    expect((await call('PUT', `/api/rij/multipart/${uploadId}/parts/3`, { token: tech.token, body: { etag: 'x', size: partSize } })).status).toBe(400);

    const early = await call<{ error: { details: { missing: number[] } } }>('POST', `/api/rij/multipart/${uploadId}/complete`, { token: tech.token, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.error.details.missing).toEqual([3]);

    await sendPart(tech, uploadId, 3, partSize);
    const done = await call('POST', `/api/rij/multipart/${uploadId}/complete`, { token: tech.token, body: {} });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ name: 'big_card.zip', date: today, size });
    expect((await call('POST', '/api/rij/uploadedFile', { token: tech.token, body: { filename: 'big_card.zip', date: today } })).status).toBe(200);

    expect((await list(tech)).body.files).toContainEqual(expect.objectContaining({ name: 'big_card.zip', size }));
    const link = await call<{ url: string }>('GET', `/api/rij/getDownloadLink?filename=big_card.zip&date=${today}`, { token: tech.token });
    expect(sha(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()))).toBe(sha(bytes));

    // The records are gone: the same file starts a new upload.
    expect((await call('GET', `/api/rij/multipart/${uploadId}/parts`, { token: tech.token })).status).toBe(404);
  });

  it('refuses a declared size over 500 GiB (400 with the field)', async () => {
    const res = await call<FieldError>('POST', '/api/rij/multipart', {
      token: tech.token,
      body: { filename: 'too-big.zip', filetype: 'application/zip', size: MAX_UPLOAD_SIZE + 1, lastModified: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.size).toBeDefined();
  });

  it('keeps every upload under 10,000 parts', async () => {
    const huge = await call<Created>('POST', '/api/rij/multipart', {
      token: tech.token,
      body: { filename: 'huge.zip', filetype: 'application/zip', size: 200 * 1024 * MiB, lastModified: 1 },
    });
    expect(huge.status).toBe(200);
    expect(huge.body.partCount).toBeLessThanOrEqual(10_000);
    expect(huge.body.partSize * huge.body.partCount).toBeGreaterThanOrEqual(200 * 1024 * MiB);
    await call('DELETE', `/api/rij/multipart/${huge.body.uploadId}`, { token: tech.token });
  });

  it('abort forgets the upload even though the local emulator cannot abort it', async () => {
    const created = await call<Created>('POST', '/api/rij/multipart', { token: tech.token, body: { ...file, filename: 'cancelled.zip' } });
    await sendPart(tech, created.body.uploadId, 1, created.body.partSize);
    const aborted = await call<{ status: number; s3: string }>('DELETE', `/api/rij/multipart/${created.body.uploadId}`, { token: tech.token });
    expect(aborted.status).toBe(200);
    expect(['aborted', 'not-supported']).toContain(aborted.body.s3);
    expect((await call('GET', `/api/rij/multipart/${created.body.uploadId}/parts`, { token: tech.token })).status).toBe(404);
    const fresh = await call<Created>('POST', '/api/rij/multipart', { token: tech.token, body: { ...file, filename: 'cancelled.zip' } });
    expect(fresh.body).toMatchObject({ resumed: false, parts: [] });
    expect(fresh.body.uploadId).not.toBe(created.body.uploadId);
    await call('DELETE', `/api/rij/multipart/${fresh.body.uploadId}`, { token: tech.token });
  });
});
