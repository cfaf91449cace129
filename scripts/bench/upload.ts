import '../local/quiet-sdk.ts';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, openAsBlob, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { buildRequest } from '../../web/src/api/client.ts';
import { DEFAULT_PART_SIZE, MiB, choosePartSize } from '#shared/catalogue/rij.ts';
import type { InputOf, OperationDef, OutputOf } from '#shared/catalogue/operation.ts';
import { BUCKETS } from '#shared/data/design.ts';
import { Role } from '#shared/roles.ts';
import { DEFAULT_CONCURRENCY, TransportError, fetchPut, injectorApi, uploadFile, type FileSource, type OperationCaller, type PutFn } from '../../web/src/areas/injector/upload/index.ts';
import { DEMO_PASSWORD, demoAccount } from '../local/demo-accounts.ts';
import { startHelper } from '../local/helper-process.ts';
import { fmt } from './stats.ts';

/**
 * Upload figures for `npm run bench` (issue 16 item 6, ADR 0104). One file is sent, in the same
 * run and as SAMPLES alternating rounds (the order rotates each round), three ways to the same
 * s3rver, which runs alone in its own process (the API and DynamoDB Local in another, this
 * process is the client):
 *  - one raw streamed PUT (presigned);
 *  - the browser's upload module (presigned multipart, DEFAULT_CONCURRENCY parts in flight, the
 *    stored parts recorded in batches beside the next sends, ADR 0420);
 *  - the AWS SDK's own multipart uploader (@aws-sdk/lib-storage Upload) with the same part size
 *    and concurrency.
 * Medians are printed, and for both multipart uploaders the parts phase alone (from the created
 * upload to the complete call), since s3rver's CompleteMultipartUpload re-reads and rewrites the
 * whole object, which real S3 does not do. BENCH_UPLOAD_MB changes the size (default 1024),
 * BENCH_UPLOAD_SAMPLES the rounds (default 5, at least 3), BENCH_UPLOAD_PART_MB the part size, BENCH_UPLOAD_PUT
 * the module's PUT (default `file`: filePut below; `stream`: streamPut; `fetch`: the module's fetchPut).
 */
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB;
const SAMPLES = Math.max(3, Number(process.env.BENCH_UPLOAD_SAMPLES ?? 5));
/** The preferred part size (default the module's, 8 MiB); BENCH_UPLOAD_PART_MB changes it. */
const PART_SIZE = process.env.BENCH_UPLOAD_PART_MB ? Number(process.env.BENCH_UPLOAD_PART_MB) * MiB : undefined;

/**
 * The stand-in for the browser's xhrPut of ADR 0400 (BENCH_UPLOAD_PUT=stream): the file-backed Blob
 * slice streamed through web streams into one node:http request, with progress per chunk written;
 * nothing is read ahead of the socket. Undici's fetch (the module's fetchPut, BENCH_UPLOAD_PUT=fetch)
 * also takes each chunk through web streams, and holds more memory.
 */
const streamPut: PutFn = (url, body, options) => {
  const blob = body instanceof Blob ? body : new Blob([body as Uint8Array<ArrayBuffer>]);
  return putStream(url, blob.size, () => Readable.fromWeb(blob.stream() as NodeReadableStream<Uint8Array>), options);
};

/** A slice of a file on disk that knows where it comes from (`fileSource`), so `filePut` can read it as the raw PUT reads the file. */
interface FileRange {
  path: string;
  start: number;
  end: number;
}
const fileRanges = new WeakMap<object, FileRange>();

/**
 * The default stand-in for the browser's xhrPut: the part's bytes are read from the file with
 * `createReadStream` (1 MiB reads), exactly as the raw PUT reads the whole file, and streamed into
 * one node:http request with progress per chunk. XMLHttpRequest reads a File slice in native code;
 * Node's web-stream path (`streamPut`) costs JavaScript per 64 KiB chunk, about 2.5 times the CPU
 * of `createReadStream` (ADR 0435), which the 2-core machine then takes from s3rver. A body that is
 * not a file slice goes through `streamPut`.
 */
const filePut: PutFn = (url, body, options) => {
  const range = typeof body === 'object' ? fileRanges.get(body) : undefined;
  if (!range) return streamPut(url, body, options);
  return putStream(url, range.end - range.start, () => createReadStream(range.path, { start: range.start, end: range.end - 1, highWaterMark: MiB }), options);
};

/** One PUT of `size` bytes from `open()` into a node:http request, with progress per chunk written. */
const putStream = (url: string, size: number, open: () => Readable, { contentType, signal, onProgress }: Parameters<PutFn>[2]): ReturnType<PutFn> =>
  new Promise((resolve, reject) => {
    const aborted = () => Object.assign(new Error('The upload was cancelled.'), { name: 'AbortError' });
    if (signal?.aborted) return reject(aborted());
    const headers = { 'content-length': size, ...(contentType ? { 'content-type': contentType } : {}) };
    const req = request(url, { method: 'PUT', headers, ...(signal ? { signal } : {}) }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: (res.headers.etag as string | undefined) ?? null }));
      res.on('error', (error) => reject(signal?.aborted ? aborted() : new TransportError(error.message)));
    });
    req.on('error', (error) => reject(signal?.aborted ? aborted() : new TransportError(error.message)));
    const source = open();
    let sent = 0;
    source.on('data', (chunk: Uint8Array) => {
      sent += chunk.length;
      onProgress?.(sent);
    });
    source.on('error', (error) => req.destroy(error));
    source.pipe(req);
  });
const PUTS = { file: filePut, stream: streamPut, fetch: fetchPut } as const;
const MODULE_PUT_NAME = (process.env.BENCH_UPLOAD_PUT ?? 'file') as keyof typeof PUTS;
const MODULE_PUT: PutFn = PUTS[MODULE_PUT_NAME] ?? filePut;
const PUT_DESCRIPTIONS: Record<keyof typeof PUTS, string> = {
  file: 'filePut (the part read from the file with createReadStream, as the raw PUT reads it, streamed into node:http)',
  stream: 'streamPut (a Blob slice streamed through web streams into node:http)',
  fetch: 'fetchPut (undici fetch of a Blob slice)',
};

export interface UploadBenchFigures {
  bytes: number;
  rawMBps: number;
  moduleMBps: number;
  modulePartsMBps: number;
  sdkMBps: number;
  sdkPartsMBps: number;
  /** module / SDK Upload throughput (target ≥ 1). */
  moduleVsSdk: number;
  /** the module's parts phase / raw PUT throughput (target ≥ 0.9). */
  partsVsRaw: number;
  peakRssDeltaMiB: number;
  peakBuffersDeltaMiB: number;
  boundMiB: number;
}

interface Timing {
  seconds: number;
  /** From the created multipart upload to the complete call (multipart only). */
  partsSeconds?: number;
  /** CPU seconds of each process from the created upload to the complete call (multipart only). */
  partsCpu?: Cpu;
}

type Cpu = { client: number; s3rver: number; api: number };
const cpuBetween = (a: Cpu, b: Cpu): Cpu => ({ client: b.client - a.client, s3rver: b.s3rver - a.s3rver, api: b.api - a.api });

/**
 * The parts phase of a multipart upload: `start()` once the upload is created, `end()` when the
 * complete is sent. The /proc scan of `cpuSeconds` is kept out of the timed span.
 */
function partsPhase() {
  let started = 0;
  let ended = 0;
  let cpuStarted: Cpu | undefined;
  let cpuEnded: Cpu | undefined;
  return {
    start() {
      cpuStarted = cpuSeconds();
      started = performance.now();
    },
    end() {
      ended = performance.now();
      cpuEnded = cpuSeconds();
    },
    timing(seconds: number): Timing {
      return { seconds, partsSeconds: (ended - started) / 1000, partsCpu: cpuBetween(cpuStarted!, cpuEnded!) };
    },
  };
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
  const slice = (start: number, end: number) => {
    const part = blob.slice(start, end);
    fileRanges.set(part, { path, start, end: Math.min(end, blob.size) });
    return part;
  };
  return { name, size: blob.size, type: 'application/zip', lastModified: Math.floor(mtimeMs), slice };
}

async function generate(path: string, size: number): Promise<void> {
  const block = randomBytes(16 * MiB);
  await writeFile(path, Buffer.alloc(0));
  for (let written = 0; written < size; written += block.length) {
    block.writeUInt32LE(0x04034b50, 0); // a ZIP local file header signature: the API checks uploads are archives
    block.writeUInt32LE(written / block.length, 4); // blocks differ
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

/**
 * CPU seconds used so far by this process and by each helper's process group (Linux /proc; the
 * helpers run in their own groups, ../local/helper-process.ts): where an upload's time goes on a 2-core machine.
 * Groups are named by their leader's command line: s3rver, the API (with DynamoDB Local's java).
 */
function cpuSeconds(): Cpu {
  const self = process.cpuUsage();
  const out = { client: (self.user + self.system) / 1e6, s3rver: 0, api: 0 };
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return out;
  }
  const leaders = new Map<string, 's3rver' | 'api' | undefined>();
  const leaderOf = (pgid: string) => {
    if (!leaders.has(pgid)) {
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${pgid}/cmdline`, 'utf8');
      } catch {
        // gone
      }
      leaders.set(pgid, cmd.includes('s3-server.ts') ? 's3rver' : cmd.includes('local/stack-process.ts') ? 'api' : undefined);
    }
    return leaders.get(pgid);
  };
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const group = leaderOf(fields[2]!);
      if (group) out[group] += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const loadavg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return 'unknown';
  }
};

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mbps = (bytes: number, seconds: number) => bytes / 1e6 / seconds;

export async function uploadBench(size = SIZE): Promise<UploadBenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'upload-bench-'));
  const path = join(dir, 'bench.zip');
  const s3Server = await startHelper<{ s3Endpoint: string }>('scripts/bench/s3-server.ts');
  let stack: Awaited<ReturnType<typeof startHelper<{ url: string }>>> | undefined;
  try {
    const s3Endpoint = s3Server.info.s3Endpoint;
    stack = await startHelper<{ url: string }>('scripts/local/stack-process.ts', { BENCH_S3_ENDPOINT: s3Endpoint });
    const server = stack.info;
    console.log(`\nUpload: generating a ${fmt(size / MiB / 1024, 2)} GiB file; s3rver alone in its own process (${s3Endpoint}), the API in another…`);
    await generate(path, size);
    const tech = demoAccount(Role.tech_capture);
    const login = await fetch(`${server.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: tech.email, password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const api = injectorApi(caller(server.url, token));
    const partSize = choosePartSize(size, PART_SIZE ?? DEFAULT_PART_SIZE);
    const s3 = new S3Client({ endpoint: s3Endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const bucket = BUCKETS.injector.localName;
    const toDelete: string[] = [];
    let date = '';

    const raw = async (n: number): Promise<Timing> => {
      const target = await api.getUploadUrl({ filename: `bench-raw-${n}.zip`, filetype: 'application/zip', size });
      const started = performance.now();
      const status = await rawPut(target.url, path, size, target.content_type);
      const seconds = (performance.now() - started) / 1000;
      if (status !== 200) throw new Error(`raw PUT answered ${status}`);
      date = target.date;
      toDelete.push(`${target.date}/${tech.id}/${target.name}`);
      return { seconds };
    };

    let peak = { rss: 0, buffers: 0 };
    const viaModule = async (n: number): Promise<Timing> => {
      const source = await fileSource(path, `bench-module-${n}.zip`);
      const phase = partsPhase();
      const timedApi = {
        ...api,
        createMultipart: async (...args: Parameters<typeof api.createMultipart>) => {
          const created = await api.createMultipart(...args);
          phase.start();
          return created;
        },
        complete: async (id: string) => {
          phase.end();
          return api.complete(id);
        },
      };
      globalThis.gc?.();
      const memory = memorySampler();
      const started = performance.now();
      const result = await uploadFile(source, { api: timedApi, put: MODULE_PUT, partSize });
      const seconds = (performance.now() - started) / 1000;
      const m = memory();
      peak = { rss: Math.max(peak.rss, m.rss), buffers: Math.max(peak.buffers, m.buffers) };
      if (result.size !== size || !result.multipart) throw new Error('the module did not upload the whole file by multipart');
      toDelete.push(`${result.date}/${tech.id}/${result.name}`);
      return phase.timing(seconds);
    };

    const viaSdk = async (n: number): Promise<Timing> => {
      const key = `${date || 'bench'}/${tech.id}/bench-sdk-${n}.zip`;
      const phase = partsPhase();
      const client = new S3Client({ endpoint: s3Endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'CompleteMultipartUploadCommand') phase.end();
          const out = await next(args);
          if (context.commandName === 'CreateMultipartUploadCommand') phase.start();
          return out;
        },
        { step: 'initialize', name: 'benchPhases' },
      );
      const started = performance.now();
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: createReadStream(path, { highWaterMark: 1024 * 1024 }), ContentType: 'application/zip' },
        partSize,
        queueSize: DEFAULT_CONCURRENCY,
        leavePartsOnError: false,
      }).done();
      const seconds = (performance.now() - started) / 1000;
      client.destroy();
      toDelete.push(key);
      return phase.timing(seconds);
    };

    const kinds = { raw, module: viaModule, sdk: viaSdk } as const;
    const order = ['raw', 'module', 'sdk'] as const;
    const timings: Record<keyof typeof kinds, Timing[]> = { raw: [], module: [], sdk: [] };
    const cpu: Record<keyof typeof kinds, Cpu[]> = { raw: [], module: [], sdk: [] };
    for (let round = 0; round < SAMPLES; round++) {
      // Rotate who goes first, so a drift in the machine's load hits each way alike.
      for (let i = 0; i < order.length; i++) {
        const kind = order[(i + round) % order.length]!;
        const before = cpuSeconds();
        timings[kind].push(await kinds[kind](round));
        const after = cpuSeconds();
        cpu[kind].push(cpuBetween(before, after));
        // Each object goes as soon as it is measured (s3rver keeps them on disk).
        for (const key of toDelete.splice(0)) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
    }
    s3.destroy();

    const secs = (k: keyof typeof kinds) => median(timings[k].map((t) => t.seconds));
    const partsSecs = (k: 'module' | 'sdk') => median(timings[k].map((t) => t.partsSeconds!));
    const figures: UploadBenchFigures = {
      bytes: size,
      rawMBps: mbps(size, secs('raw')),
      moduleMBps: mbps(size, secs('module')),
      modulePartsMBps: mbps(size, partsSecs('module')),
      sdkMBps: mbps(size, secs('sdk')),
      sdkPartsMBps: mbps(size, partsSecs('sdk')),
      moduleVsSdk: secs('sdk') / secs('module'),
      partsVsRaw: secs('raw') / partsSecs('module'),
      peakRssDeltaMiB: peak.rss,
      peakBuffersDeltaMiB: peak.buffers,
      boundMiB: (DEFAULT_CONCURRENCY * partSize) / MiB,
    };
    const all = (k: keyof typeof kinds, parts = false) => timings[k].map((t) => fmt(parts ? t.partsSeconds! : t.seconds, 1)).join(' / ');
    const inFlight = `${DEFAULT_CONCURRENCY} × ${partSize / MiB} MiB in flight`;
    console.log(`upload module's PUT: ${PUT_DESCRIPTIONS[MODULE_PUT_NAME] ?? PUT_DESCRIPTIONS.file}`);
    console.table({
      'raw PUT (one streamed request)': { 'MB/s (median)': fmt(figures.rawMBps, 1), 'seconds (samples)': all('raw') },
      [`upload module (${inFlight})`]: { 'MB/s (median)': fmt(figures.moduleMBps, 1), 'seconds (samples)': all('module') },
      '  its parts phase': { 'MB/s (median)': fmt(figures.modulePartsMBps, 1), 'seconds (samples)': all('module', true) },
      [`AWS SDK lib-storage Upload (${inFlight})`]: { 'MB/s (median)': fmt(figures.sdkMBps, 1), 'seconds (samples)': all('sdk') },
      '  its parts phase ': { 'MB/s (median)': fmt(figures.sdkPartsMBps, 1), 'seconds (samples)': all('sdk', true) },
    });
    const cpuLine = (samples: Cpu[], wall: number) => {
      const part = (f: keyof Cpu) => fmt(median(samples.map((c) => c[f])), 1);
      return `client ${part('client')} s, s3rver ${part('s3rver')} s, API + DynamoDB Local ${part('api')} s (wall ${fmt(wall, 1)} s)`;
    };
    console.log(`CPU seconds per upload (medians; 2 cores shared with whatever else runs, load ${loadavg()}):`);
    for (const k of order) console.log(`  ${k.padEnd(6)} ${cpuLine(cpu[k], secs(k))}`);
    // The parts phase against the raw PUT, process by process: where the phase's extra time goes.
    for (const k of ['module', 'sdk'] as const) console.log(`  ${`${k} parts phase`.padEnd(6)} ${cpuLine(timings[k].map((t) => t.partsCpu!), partsSecs(k))}`);
    console.log(
      `upload module / SDK Upload throughput = ${fmt(figures.moduleVsSdk, 2)} (target ≥ 1) ${figures.moduleVsSdk >= 1 ? 'OK' : 'MISSED'}; ` +
        `module parts phase / raw PUT = ${fmt(figures.partsVsRaw, 2)} (target ≥ 0.9) ${figures.partsVsRaw >= 0.9 ? 'OK' : 'MISSED'}; ` +
        `whole module / raw PUT = ${fmt(secs('raw') / secs('module'), 2)} (s3rver's complete step copies the whole object; S3 does not)`,
    );
    console.log(
      `upload module peak memory: RSS +${fmt(peak.rss, 0)} MiB, Buffers +${fmt(peak.buffers, 0)} MiB vs parts in flight × part size = ${figures.boundMiB} MiB ` +
        `${peak.rss <= figures.boundMiB * 2 ? 'OK' : 'MISSED'} (RSS within 2× the bound; Buffers also count chunks already sent that wait for the GC)`,
    );
    return figures;
  } finally {
    await stack?.stop();
    await s3Server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uploadBench().then(() => process.exit(0), (error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
