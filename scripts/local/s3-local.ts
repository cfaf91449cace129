import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { BUCKETS } from '#shared/data/design.ts';

/** s3rver, the S3 emulator, with the project's buckets and a CORS rule for browser PUTs. */
export interface S3Local {
  endpoint: string;
  stop: () => Promise<void>;
  /** s3rver's S3 event notifications (the same records a bucket notification sends in AWS). */
  onEvent?: (listener: (event: unknown) => void) => void;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

/** S3's smallest part, except the last (EntityTooSmall on complete). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

/** `minPartBytes`: the smallest part but the last a complete accepts (S3's 5 MiB; tests of the emulator itself lower it). */
export async function startS3Local(opts: { port: number; dataDir: string; minPartBytes?: number }): Promise<S3Local> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.dataDir,
    silent: true,
    configureBuckets: Object.values(BUCKETS).map((b) => ({ name: b.localName, configs: [CORS] })),
  });
  atomicWrites(server as unknown as { store: FilesystemStore });
  idempotentComplete(server as unknown as { store: FilesystemStore }, opts.minPartBytes ?? S3_MIN_PART_BYTES);
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close(), onEvent: (listener) => void server.on('event', listener) };
}

/** The parts of s3rver's FilesystemStore (lib/stores/filesystem.js, 3.7) its writes go through. */
interface FilesystemStore {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, unknown>, md5: string): Promise<void>;
  putObject(object: { bucket: string; key: string; metadata: Record<string, unknown>; content: Buffer | Readable }): Promise<{ size: number; md5: string }>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<{ size: number; md5: string }>;
  putObjectMultipart(bucket: string, uploadId: string, parts: { number: number; etag: string }[]): Promise<{ size: number; md5: string }>;
}

/**
 * S3 stores a PUT whole or not at all, and a read after the answer sees all of it. s3rver 3.7 wrote
 * the object in place (a second PUT of the key truncated the file readers see) and answered once
 * its hashing step had the bytes, before its file stream had written them. An SDK retry of a PUT
 * (socket timeout on a loaded machine) then let the releases seed's HEAD read a shorter file:
 * 'The stored file does not have the declared size' (ADR 0321). Here each object and part is
 * written to a file of its own, flushed and closed, then renamed over the key's file.
 */
function atomicWrites(server: { store: FilesystemStore }): void {
  const { store } = server;
  const writeWhole = async (finalPath: string, content: Buffer | Readable) => {
    await mkdir(dirname(finalPath), { recursive: true });
    const partial = `${finalPath}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, createWriteStream(partial));
      await rename(partial, finalPath);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size, md5: md5.digest('hex') };
  };
  store.putObject = async (object) => {
    const written = await writeWhole(store.getResourcePath(object.bucket, object.key, 'object'), object.content);
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const partPath = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    const written = await writeWhole(partPath, content);
    await writeWhole(`${partPath}.md5`, Buffer.from(written.md5));
    return written;
  };
}

/** How long a completed upload's id still completes again with the same answer (S3 keeps it "for a while"). */
export const COMPLETED_UPLOAD_KEPT_MS = 15 * 60_000;

/**
 * CompleteMultipartUpload as S3 does it for a retry (ADR 0400). s3rver 3.7 re-reads the parts and
 * writes the whole object before it answers (a 1 GiB object takes several seconds), so the SDK's
 * idle-socket timeout fired and it sent the complete again: that second complete read the upload's
 * folder while the first was removing it and answered InternalError (500), and once the first had
 * finished, any later complete answered InternalError too (the folder was gone). S3 answers a
 * complete of an upload it has just completed with the same object, and an unknown upload id with
 * NoSuchUpload (404). Here a complete of an upload that is being completed waits for that one and
 * answers its result; a completed upload's result is kept COMPLETED_UPLOAD_KEPT_MS; an upload id
 * that has no folder is NoSuchUpload, and a listed part that was not stored (or whose ETag differs)
 * is InvalidPart (400), as in S3 (s3rver would crash on the missing file).
 */
function idempotentComplete(server: { store: FilesystemStore }, minPartBytes: number): void {
  const { store } = server;
  const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error.js') as new (code: string, message: string, detail?: Record<string, string>) => Error;
  const running = new Map<string, Promise<{ size: number; md5: string }>>();
  const completed = new Map<string, { at: number; result: { size: number; md5: string } }>();
  store.putObjectMultipart = (bucket, uploadId, parts) => {
    const id = `${bucket}/${uploadId}`;
    const now = Date.now();
    for (const [doneId, done] of completed) if (now - done.at > COMPLETED_UPLOAD_KEPT_MS) completed.delete(doneId);
    const done = completed.get(id);
    if (done) return Promise.resolve(done.result);
    const inFlight = running.get(id);
    if (inFlight) return inFlight;
    const work = (async () => {
      const uploadDir = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
      try {
        await access(join(uploadDir, 'key'));
      } catch {
        throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId });
      }
      // s3rver streams the listed part files without an error handler: a missing one would crash it.
      for (const [i, part] of parts.entries()) {
        if (i > 0 && part.number <= parts[i - 1]!.number) throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.');
        const md5 = await readFile(join(uploadDir, `${part.number}.md5`), 'utf8').catch(() => undefined);
        if (md5 === undefined || md5 !== part.etag) {
          throw new S3Error('InvalidPart', 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part\'s entity tag.', { PartNumber: String(part.number) });
        }
        const { size } = await stat(join(uploadDir, String(part.number)));
        if (i < parts.length - 1 && size < minPartBytes) {
          throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: String(size), MinSizeAllowed: String(minPartBytes), PartNumber: String(part.number), ETag: part.etag });
        }
      }
      const result = await assemble(store, bucket, uploadDir, parts);
      completed.set(id, { at: Date.now(), result });
      return result;
    })().finally(() => running.delete(id));
    running.set(id, work);
    return work;
  };
}

/**
 * The object of a completed multipart upload, as S3 makes it (ADR 0420): the parts' bytes in order
 * (the caller checked that they are listed in ascending order)
 * under the key, and the ETag S3 gives a multipart object, the MD5 of the parts' binary MD5s, '-' and
 * the number of parts (not the MD5 of the bytes: S3 does not read the object again to complete it).
 * s3rver 3.7 read every part through its PutObject path, hashing the whole object a second time, and
 * answered that MD5; here the part files are copied into the object's file (written aside and renamed,
 * as every write, ADR 0321) without hashing, and the part folder goes.
 */
async function assemble(store: FilesystemStore, bucket: string, uploadDir: string, parts: readonly { number: number; etag: string }[]): Promise<{ size: number; md5: string }> {
  const [key, metadata] = await Promise.all([readFile(join(uploadDir, 'key'), 'utf8'), readFile(join(uploadDir, 'metadata'), 'utf8').then((json) => JSON.parse(json) as Record<string, unknown>)]);
  const objectPath = store.getResourcePath(bucket, key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  const partial = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
  let size = 0;
  async function* bytes() {
    for (const part of parts) {
      for await (const chunk of createReadStream(join(uploadDir, String(part.number)), { highWaterMark: 1024 * 1024 })) {
        size += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
  }
  try {
    await pipeline(bytes, createWriteStream(partial, { highWaterMark: 1024 * 1024 }));
    await rename(partial, objectPath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const md5s = createHash('md5');
  for (const part of parts) md5s.update(Buffer.from(part.etag, 'hex'));
  const etag = `${md5s.digest('hex')}-${parts.length}`;
  // The metadata s3rver keeps for the object (the initiate's Content-Type and x-amz-meta-*), as its own complete does.
  await store.putMetadata(bucket, key, { 'content-type': 'binary/octet-stream', ...metadata }, etag);
  await rm(uploadDir, { recursive: true, force: true });
  return { size, md5: etag };
}
