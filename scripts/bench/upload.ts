import '../local/quiet-sdk.ts';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildRequest } from '../../web/src/api/client.ts';
import { DEFAULT_PART_SIZE, MiB } from '#shared/catalogue/rij.ts';
import type { InputOf, OperationDef, OutputOf } from '#shared/catalogue/operation.ts';
import { BUCKETS } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { DEFAULT_CONCURRENCY, fetchPut, injectorApi, uploadFile, type FileSource, type OperationCaller } from '../../web/src/areas/injector/upload/index.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { ROOT } from '../local/stack.ts';
import { fmt } from './stats.ts';

/**
 * Upload figure for `npm run bench`: a 2 GiB file sent through the very upload module the
 * browser uses (presigned multipart, parts in flight, recorded parts), beside one raw PUT of the
 * same bytes to the same s3rver in the same run. The stack runs in a child process, so this
 * process's memory is the module's. BENCH_UPLOAD_MB changes the size.
 */
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 2048) * MiB;
/** The preferred part size (default the module's, 8 MiB); BENCH_UPLOAD_PART_MB changes it. */
const PART_SIZE = process.env.BENCH_UPLOAD_PART_MB ? Number(process.env.BENCH_UPLOAD_PART_MB) * MiB : undefined;

export interface UploadBenchFigures {
  bytes: number;
  rawMBps: number;
  moduleMBps: number;
  ratio: number;
  completeSeconds: number;
  peakRssDeltaMiB: number;
  peakBuffersDeltaMiB: number;
  boundMiB: number;
}

async function startServer(): Promise<{ url: string; s3Endpoint: string; stop: () => void }> {
  const child = spawn('npx', ['tsx', 'scripts/bench/serve.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { ...(JSON.parse(line) as { url: string; s3Endpoint: string }), stop: () => child.kill('SIGTERM') };
  }
  throw new Error('the bench server did not start');
}

/** The catalogue client of the web app, over fetch with a base URL and a token (Node). */
function caller(baseUrl: string, token: string): OperationCaller {
  return (async <Op extends OperationDef>(op: Op, input: InputOf<Op>): Promise<OutputOf<Op>> => {
    const { url, body } = buildRequest(op, input as Record<string, unknown>);
    const res = await fetch(`${baseUrl}${url}`, {
      method: op.method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) throw Object.assign(new Error(`${op.id}: HTTP ${res.status} ${JSON.stringify(json)}`), { status: res.status });
    return op.output.parse(json) as OutputOf<Op>;
  }) as OperationCaller;
}

/**
 * A file on disk as the module's FileSource: a file-backed Blob (Node's openAsBlob), so a part is
 * read from disk while it is sent, as a browser does with a File; nothing is read ahead.
 */
async function fileSource(path: string, name: string): Promise<FileSource> {
  const blob = await openAsBlob(path);
  const { mtimeMs } = statSync(path);
  return { name, size: blob.size, type: 'application/zip', lastModified: Math.floor(mtimeMs), slice: (start, end) => blob.slice(start, end) };
}

async function generate(path: string, size: number): Promise<void> {
  const block = randomBytes(16 * MiB);
  await writeFile(path, Buffer.alloc(0));
  for (let written = 0; written < size; written += block.length) {
    block.writeUInt32LE(written / block.length, 0); // blocks differ
    await appendFile(path, block.subarray(0, Math.min(block.length, size - written)));
  }
}

/** One streamed PUT of the whole file to a presigned URL. */
function rawPut(url: string, path: string, size: number, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': size, 'content-type': contentType } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    createReadStream(path, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
}

function memorySampler() {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakBuffers = base.arrayBuffers + base.external;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers + m.external);
  }, 20);
  return () => {
    clearInterval(timer);
    return { rss: (peakRss - base.rss) / MiB, buffers: (peakBuffers - base.arrayBuffers - base.external) / MiB };
  };
}

export async function uploadBench(size = SIZE): Promise<UploadBenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'upload-bench-'));
  const path = join(dir, 'bench.zip');
  const server = await startServer();
  try {
    console.log(`\nUpload: generating a ${fmt(size / MiB / 1024, 2)} GiB file…`);
    await generate(path, size);
    const tech = demoAccount(Role.tech_capture);
    const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: tech.email, password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const api = injectorApi(caller(server.url, token));

    // Baseline: one raw PUT of the same bytes to the same s3rver.
    const target = await api.getUploadUrl({ filename: 'bench-raw.zip', filetype: 'application/zip', size });
    let started = performance.now();
    const status = await rawPut(target.url, path, size, target.content_type);
    const rawSeconds = (performance.now() - started) / 1000;
    if (status !== 200) throw new Error(`raw PUT answered ${status}`);

    // The module: presigned multipart, parts read from the file handle as they go.
    const source = await fileSource(path, 'bench-module.zip');
    let completeSeconds = 0;
    const timedApi = {
      ...api,
      complete: async (id: string) => {
        const t = performance.now();
        try {
          return await api.complete(id);
        } finally {
          completeSeconds = (performance.now() - t) / 1000;
        }
      },
    };
    globalThis.gc?.();
    const memory = memorySampler();
    started = performance.now();
    const result = await uploadFile(source, { api: timedApi, put: fetchPut, ...(PART_SIZE ? { partSize: PART_SIZE } : {}) });
    const moduleSeconds = (performance.now() - started) / 1000;
    const peak = memory();
    if (result.size !== size || !result.multipart) throw new Error('the module did not upload the whole file by multipart');

    const figures: UploadBenchFigures = {
      bytes: size,
      rawMBps: size / 1e6 / rawSeconds,
      moduleMBps: size / 1e6 / moduleSeconds,
      ratio: rawSeconds / moduleSeconds,
      completeSeconds,
      peakRssDeltaMiB: peak.rss,
      peakBuffersDeltaMiB: peak.buffers,
      boundMiB: (DEFAULT_CONCURRENCY * (PART_SIZE ?? DEFAULT_PART_SIZE)) / MiB,
    };
    console.table({
      'raw PUT (one streamed request)': { 'MB/s': fmt(figures.rawMBps, 1), seconds: fmt(rawSeconds, 1) },
      [`upload module (multipart, ${DEFAULT_CONCURRENCY} × ${(PART_SIZE ?? DEFAULT_PART_SIZE) / MiB} MiB in flight)`]: { 'MB/s': fmt(figures.moduleMBps, 1), seconds: fmt(moduleSeconds, 1) },
    });
    const transferRatio = rawSeconds / (moduleSeconds - completeSeconds);
    console.log(
      `upload module / raw PUT throughput = ${fmt(figures.ratio, 2)} (target ≥ 0.9) ${figures.ratio >= 0.9 ? 'OK' : 'MISSED'}; ` +
        `${fmt(completeSeconds, 1)} s of the module's ${fmt(moduleSeconds, 1)} s is s3rver's CompleteMultipartUpload, which re-reads and rewrites ` +
        `the whole object (S3 completes without copying); sending the parts alone: ${fmt(transferRatio, 2)} × the raw PUT`,
    );
    console.log(
      `upload module peak memory: RSS +${fmt(peak.rss, 0)} MiB, Buffers +${fmt(peak.buffers, 0)} MiB vs parts in flight × part size = ${figures.boundMiB} MiB ` +
        `${peak.rss <= figures.boundMiB * 2 ? 'OK' : 'MISSED'} (RSS within 2× the bound; Buffers also count chunks already sent that wait for the GC)`,
    );
    // The two 2 GiB objects go (s3rver keeps its folder under .tmp/).
    const s3 = new S3Client({ endpoint: server.s3Endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    for (const name of [target.name, result.name]) await s3.send(new DeleteObjectCommand({ Bucket: BUCKETS.injector.localName, Key: `${result.date}/${tech.id}/${name}` }));
    s3.destroy();
    return figures;
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uploadBench().then(() => process.exit(0), (error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
