import { describe, expect, it } from 'vitest';
import { MAX_PARTS, MIN_PART_SIZE, MiB, choosePartSize, partCount, partLength, sanitizeFileName, isAcceptedUpload } from '#shared/catalogue/rij.ts';
import { backoffDelay } from './backoff.ts';
import { TransportError, UploadError, isAbortError } from './errors.ts';
import { uploadFile } from './uploader.ts';
import type { CreatedUpload, FileSource, InjectorApi, PutFn, RecordedPart, UploadProgress } from './types.ts';

/** A file of `size` bytes whose slices are cheap (the uploader never reads the whole file). */
function fakeFile(size: number, name = 'card.zip'): FileSource & { slices: [number, number][] } {
  const slices: [number, number][] = [];
  return {
    name,
    size,
    type: 'application/zip',
    lastModified: 1,
    slices,
    slice: (start, end) => {
      slices.push([start, end]);
      return new Uint8Array(end - start);
    },
  };
}

/** An in-memory server: records parts like the real one, counts PUTs, fails on demand. */
function fakeServer(opts: { recorded?: RecordedPart[]; partSize?: number; failPut?: (part: number, attempt: number) => 'network' | number | undefined; putDelayMs?: number; hangPut?: (part: number) => boolean; onRecord?: (part: RecordedPart) => void } = {}) {
  const recorded = new Map<number, RecordedPart>((opts.recorded ?? []).map((p) => [p.partNumber, p]));
  const recordCalls: number[][] = [];
  const puts: { url: string; bytes: number }[] = [];
  const attempts = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let aborted = false;
  let completed = false;
  let size = 0;
  /** Objects stored whole, by name (the day is always 2026-11-22 here), and the calls that cost quota. */
  const objects = new Map<string, number>();
  const quotaCalls: string[] = [];
  const marks: { filename: string; date: string; size?: number }[] = [];
  let singleName = '';
  const api: InjectorApi = {
    getUploadUrl: async (input) => {
      quotaCalls.push('getUploadURL');
      singleName = sanitizeFileName(input.filename);
      size = input.size;
      return { url: 'https://s3/single', name: singleName, date: '2026-11-22', content_type: 'application/zip' };
    },
    createMultipart: async (input): Promise<CreatedUpload> => {
      quotaCalls.push('createMultipartUpload');
      size = input.size;
      const partSize = opts.partSize ?? choosePartSize(input.size, input.partSize);
      return { uploadId: 'u1', name: sanitizeFileName(input.filename), date: '2026-11-22', partSize, partCount: partCount(input.size, partSize), resumed: recorded.size > 0, parts: [...recorded.values()] };
    },
    partUrls: async (_id, numbers) => numbers.map((n) => ({ partNumber: n, url: `https://s3/part?partNumber=${n}` })),
    recordParts: async (_id, parts) => {
      recordCalls.push(parts.map((p) => p.partNumber));
      for (const part of parts) {
        recorded.set(part.partNumber, part);
        opts.onRecord?.(part);
      }
    },
    complete: async () => {
      completed = true;
      objects.set('card.zip', size);
      return { name: 'card.zip', date: '2026-11-22', size };
    },
    abort: async () => {
      aborted = true;
    },
    markUploaded: async (input) => {
      marks.push({ filename: input.filename, date: input.date, ...(input.size === undefined ? {} : { size: input.size }) });
      return objects.has(input.filename);
    },
    storedSize: async (input) => (input.date === '2026-11-22' ? objects.get(input.filename) : undefined),
  };
  const put: PutFn = async (url, body, { signal, onProgress }) => {
    const part = Number(new URL(url).searchParams.get('partNumber') ?? 1);
    const attempt = attempts.get(part) ?? 0;
    attempts.set(part, attempt + 1);
    puts.push({ url, bytes: (body as Uint8Array).length });
    // The browser dies while sending it: no answer ever (the test stops it by aborting).
    if (opts.hangPut?.(part)) return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, opts.putDelayMs ?? 1));
      if (signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      const failure = opts.failPut?.(part, attempt);
      if (failure === 'network') throw new TransportError();
      if (typeof failure === 'number') return { status: failure, etag: null };
      onProgress?.((body as Uint8Array).length);
      if (url === 'https://s3/single') objects.set(singleName, size);
      return { status: 200, etag: `"etag-${part}"` };
    } finally {
      inFlight--;
    }
  };
  return {
    api,
    put,
    puts,
    recorded,
    recordCalls,
    objects,
    quotaCalls,
    marks,
    get maxInFlight() {
      return maxInFlight;
    },
    get aborted() {
      return aborted;
    },
    get completed() {
      return completed;
    },
  };
}

const noSleep = { sleep: async () => undefined, random: () => 0.5 };

describe('shared rules', () => {
  it('sanitizes names: anything but letters, digits, hyphen and dot becomes _', () => {
    expect(sanitizeFileName('Carte SD #1 (été).zip')).toBe('Carte_SD__1__été_.zip');
    // An accent typed apart (NFD) joins its letter.
    expect(sanitizeFileName('e\u0301te\u0301 😀.zip')).toBe('été__.zip');
    // A vowel sign that composes with nothing stays with its letter (Thai, Devanagari).
    expect(sanitizeFileName('ที่ดิน.zip')).toBe('ที่ดิน.zip');
    expect(sanitizeFileName('a/b\\c.zip')).toBe('a_b_c.zip');
    expect(sanitizeFileName('ok-2026.11.22.tar')).toBe('ok-2026.11.22.tar');
  });

  it('accepts zip and tar only', () => {
    expect(isAcceptedUpload('a.zip', 'application/zip')).toBe(true);
    expect(isAcceptedUpload('a.zip', 'application/x-zip-compressed')).toBe(true);
    expect(isAcceptedUpload('a.tar', 'application/x-tar')).toBe(true);
    expect(isAcceptedUpload('a.tar', '')).toBe(true);
    expect(isAcceptedUpload('a.png', 'image/png')).toBe(false);
    expect(isAcceptedUpload('a.exe', '')).toBe(false);
  });
});

describe('part sizing', () => {
  it('uses the preferred size while it keeps the file under 10,000 parts, never under 5 MiB', () => {
    expect(choosePartSize(100 * MiB)).toBe(8 * MiB);
    expect(choosePartSize(100 * MiB, 1 * MiB)).toBe(MIN_PART_SIZE);
    expect(choosePartSize(2 * 1024 * MiB, 5 * MiB)).toBe(5 * MiB);
  });

  it.each([50 * 1024 * MiB, 80 * 1024 * MiB, 200 * 1024 * MiB, 1024 * 1024 * MiB, 5 * 1024 * 1024 * MiB - 1])('keeps %d bytes within 10,000 parts', (size) => {
    const partSize = choosePartSize(size);
    expect(partCount(size, partSize)).toBeLessThanOrEqual(MAX_PARTS);
    expect(partSize % MiB).toBe(0);
    expect(partSize).toBeGreaterThanOrEqual(MIN_PART_SIZE);
  });

  it('cuts the last part short', () => {
    expect(partCount(12 * MiB, 5 * MiB)).toBe(3);
    expect(partLength(12 * MiB, 5 * MiB, 3)).toBe(2 * MiB);
    expect(partLength(10 * MiB, 5 * MiB, 2)).toBe(5 * MiB);
  });
});

describe('backoff', () => {
  it('doubles from the base, caps, and jitters between 50 and 100 %', () => {
    const o = { baseMs: 500, maxMs: 20_000 };
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { ...o, random: () => 1 }))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(10, { ...o, random: () => 1 })).toBe(20_000);
    expect(backoffDelay(2, { ...o, random: () => 0 })).toBe(1000);
  });
});

describe('uploadFile', () => {
  it('sends a file at or under the threshold in one PUT with the ZIP type', async () => {
    const server = fakeServer();
    const file = fakeFile(3 * MiB);
    let contentType: string | undefined;
    const put: PutFn = (url, body, o) => {
      contentType = o.contentType;
      return server.put(url, body, o);
    };
    const result = await uploadFile(file, { api: server.api, put, multipartThreshold: 5 * MiB });
    expect(result).toMatchObject({ multipart: false, sentBytes: 3 * MiB, requests: 1 });
    expect(server.puts).toHaveLength(1);
    expect(contentType).toBe('application/zip');
  });

  it('sends a large file in parts, at most `concurrency` in flight, reading only part-sized slices, and reports progress', async () => {
    const server = fakeServer({ putDelayMs: 5 });
    const file = fakeFile(50 * MiB + 7);
    const events: UploadProgress[] = [];
    const result = await uploadFile(file, { api: server.api, put: server.put, multipartThreshold: 10 * MiB, partSize: 5 * MiB, concurrency: 3, onProgress: (p) => events.push(p) });
    expect(result).toMatchObject({ multipart: true, sentBytes: 50 * MiB + 7, resumedBytes: 0, requests: 11 });
    expect(server.maxInFlight).toBe(3);
    expect(server.completed).toBe(true);
    expect(Math.max(...file.slices.map(([s, e]) => e - s))).toBe(5 * MiB);
    expect(server.recorded.size).toBe(11);
    expect(server.recorded.get(11)).toEqual({ partNumber: 11, etag: '"etag-11"', size: 7 });
    expect(events.at(-1)).toMatchObject({ loaded: 50 * MiB + 7, percent: 100 });
    expect(events.every((e, i) => i === 0 || e.loaded >= 0)).toBe(true);
  });

  it('retries a failed part with exponential backoff, then succeeds', async () => {
    const server = fakeServer({ failPut: (part, attempt) => (part === 2 && attempt < 2 ? (attempt === 0 ? 'network' : 503) : undefined) });
    const delays: number[] = [];
    const result = await uploadFile(fakeFile(12 * MiB), {
      api: server.api,
      put: server.put,
      multipartThreshold: 5 * MiB,
      partSize: 5 * MiB,
      backoffMs: 100,
      random: () => 1,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(result.requests).toBe(5);
    expect(delays).toEqual([100, 200]);
    expect(server.completed).toBe(true);
  });

  it('fails with "sending" after the last attempt, keeps the upload for a resume (no abort)', async () => {
    const server = fakeServer({ failPut: (part) => (part === 3 ? 'network' : undefined) });
    const error = await uploadFile(fakeFile(12 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, attempts: 3, ...noSleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).kind).toBe('sending');
    expect(server.aborted).toBe(false);
    expect(server.completed).toBe(false);
    expect(server.puts.filter((p) => p.url.endsWith('partNumber=3'))).toHaveLength(3);
  });

  it('fails with "status" at once on a non-retryable answer', async () => {
    const server = fakeServer({ failPut: () => 400 });
    const error = await uploadFile(fakeFile(1000), { api: server.api, put: server.put, ...noSleep }).catch((e: unknown) => e);
    expect((error as UploadError).kind).toBe('status');
    expect(server.puts).toHaveLength(1);
  });

  it('resumes: sends only the parts the server has not recorded, and counts the stored bytes as loaded', async () => {
    const recorded = [
      { partNumber: 1, etag: 'a', size: 5 * MiB },
      { partNumber: 3, etag: 'c', size: 5 * MiB },
      // A part recorded with a wrong size is sent again.
      { partNumber: 4, etag: 'd', size: 1 },
    ];
    const server = fakeServer({ recorded, partSize: 5 * MiB });
    const events: UploadProgress[] = [];
    const result = await uploadFile(fakeFile(22 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, onProgress: (p) => events.push(p) });
    expect(server.puts.map((p) => new URL(p.url).searchParams.get('partNumber')).sort()).toEqual(['2', '4', '5']);
    expect(result).toMatchObject({ resumedBytes: 10 * MiB, sentBytes: 12 * MiB });
    expect(events[0]).toMatchObject({ loaded: 10 * MiB });
  });

  it('cancel stops the parts in flight and aborts the upload', async () => {
    const controller = new AbortController();
    // Cancelled once the first part is sent and recorded, while others are in flight.
    const server = fakeServer({ putDelayMs: 20, onRecord: () => controller.abort() });
    const error = await uploadFile(fakeFile(40 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, concurrency: 2, recordBatch: 1, signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(server.aborted).toBe(true);
    expect(server.completed).toBe(false);
    expect(server.puts.length).toBeLessThan(8);
  });
});

describe('uploadFile, cancelled once every byte is stored', () => {
  it('a cancel during the complete does not stop it: the file is completed and marked, never aborted', async () => {
    const controller = new AbortController();
    const server = fakeServer();
    let finishing = 0;
    const api = {
      ...server.api,
      // The user presses Cancel while S3 puts the object together.
      complete: async (id: string) => {
        controller.abort();
        return server.api.complete(id);
      },
    };
    const result = await uploadFile(fakeFile(12 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, signal: controller.signal, onFinishing: () => finishing++ });
    expect(result).toMatchObject({ name: 'card.zip', size: 12 * MiB, multipart: true });
    expect(finishing).toBe(1);
    expect(server.aborted).toBe(false);
    expect(server.marks).toEqual([{ filename: 'card.zip', date: '2026-11-22', size: 12 * MiB }]);
  });

  it('a single PUT answered is finished the same way: the mark is not stopped by a cancel', async () => {
    const controller = new AbortController();
    const server = fakeServer();
    const result = await uploadFile(fakeFile(1 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, signal: controller.signal, onFinishing: () => controller.abort() });
    expect(result).toMatchObject({ name: 'card.zip', multipart: false });
    expect(server.marks).toHaveLength(1);
  });
});

describe('uploadFile, paused', () => {
  it('leaving the page pauses: sending stops but the upload is not aborted (it resumes later)', async () => {
    const { UPLOAD_PAUSED } = await import('./uploader.ts');
    const controller = new AbortController();
    // The page is left once the first part is sent and recorded.
    const server = fakeServer({ putDelayMs: 20, onRecord: () => controller.abort(UPLOAD_PAUSED) });
    const error = await uploadFile(fakeFile(40 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, recordBatch: 1, signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(server.aborted).toBe(false);
  });

  it('a pause records the parts stored so far that wait for their batch, so the resume does not send them again (ADR 0420)', async () => {
    const { UPLOAD_PAUSED } = await import('./uploader.ts');
    const controller = new AbortController();
    const server = fakeServer({ putDelayMs: 5 });
    const put: PutFn = async (url, body, o) => {
      const answer = await server.put(url, body, o);
      if (server.puts.length === 3) controller.abort(UPLOAD_PAUSED);
      return answer;
    };
    const file = fakeFile(40 * MiB);
    const options = { api: server.api, multipartThreshold: 5 * MiB, partSize: 5 * MiB, concurrency: 1, recordDelayMs: 60_000 };
    const error = await uploadFile(file, { ...options, put, signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect([...server.recorded.keys()].sort()).toEqual([1, 2, 3]);
    const resumed = await uploadFile(file, { ...options, put: server.put });
    expect(resumed).toMatchObject({ resumedBytes: 15 * MiB, sentBytes: 25 * MiB });
    expect(server.puts.map((p) => Number(new URL(p.url).searchParams.get('partNumber')))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('uploadFile, recording parts', () => {
  it('records stored parts in batches of recordBatch (default 32), each part once, all before complete (ADR 0420)', async () => {
    let completedAfter = -1;
    const server = fakeServer();
    const api = {
      ...server.api,
      complete: async (id: string) => {
        completedAfter = server.recorded.size;
        return server.api.complete(id);
      },
    };
    const result = await uploadFile(fakeFile(70 * 5 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, recordDelayMs: 60_000, ...noSleep });
    expect(result.requests).toBe(70);
    // 70 parts: two full batches while sending, the last 6 before complete (one call per part before).
    expect(server.recordCalls.map((c) => c.length)).toEqual([32, 32, 6]);
    expect(server.recordCalls.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 70 }, (_, i) => i + 1));
    expect(completedAfter).toBe(70);
    const batched = await uploadFile(fakeFile(10 * 5 * MiB, 'other.zip'), { api: fakeServer().api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, recordBatch: 80, ...noSleep }).catch((e: unknown) => e);
    expect(batched).toMatchObject({ multipart: true }); // recordBatch is capped at the server's 50 per call
  });

  it('a stored part waits at most recordDelayMs for its record: a smaller batch is sent while the next parts are slow to send', async () => {
    const server = fakeServer({ putDelayMs: 40 });
    const recordedDuring: number[] = [];
    const put: PutFn = async (url, body, o) => {
      recordedDuring.push(server.recorded.size);
      return server.put(url, body, o);
    };
    await uploadFile(fakeFile(8 * 5 * MiB), { api: server.api, put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, concurrency: 1, recordDelayMs: 10 });
    // With 40 ms per part and a 10 ms delay, each part is recorded before the next-but-one is sent.
    expect(server.recordCalls.length).toBeGreaterThanOrEqual(4);
    for (const [i, recordedSoFar] of recordedDuring.entries()) if (i >= 2) expect(recordedSoFar).toBeGreaterThanOrEqual(i - 1);
  });

  it('a crash loses only the records still waiting: the resume sends those parts again, and only those', async () => {
    // The first run stores parts 1-6 and dies while sending part 7: parts 1-4 were recorded (one batch),
    // parts 5 and 6 were stored in S3 but waited for their batch.
    const server = fakeServer({ hangPut: (part) => part === 7 && server.puts.length === 7 });
    const file = fakeFile(10 * 5 * MiB);
    const options = { api: server.api, multipartThreshold: 5 * MiB, partSize: 5 * MiB, concurrency: 1, recordBatch: 4, recordDelayMs: 60_000, ...noSleep };
    const dead = new AbortController();
    const first = uploadFile(file, { ...options, put: server.put, signal: dead.signal }).catch((e: unknown) => e);
    while (server.puts.length < 7 || server.recorded.size < 4) await new Promise((r) => setTimeout(r, 1));
    expect([...server.recorded.keys()].sort()).toEqual([1, 2, 3, 4]);

    const resumed = await uploadFile(file, { ...options, put: server.put });
    expect(server.puts.slice(7).map((p) => Number(new URL(p.url).searchParams.get('partNumber')))).toEqual([5, 6, 7, 8, 9, 10]);
    expect(resumed).toMatchObject({ resumedBytes: 20 * MiB, sentBytes: 30 * MiB, multipart: true });
    expect(server.completed).toBe(true);
    dead.abort();
    expect(isAbortError(await first)).toBe(true);
  });

  it('a part that failed keeps the upload, and the parts stored before it are recorded for the resume', async () => {
    const server = fakeServer({ failPut: (part) => (part === 5 ? 400 : undefined) });
    const error = await uploadFile(fakeFile(10 * 5 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, concurrency: 1, recordDelayMs: 60_000, ...noSleep }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'status', status: 400 });
    expect([...server.recorded.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(server.aborted).toBe(false);
  });

  it('a record call is retried like any other call', async () => {
    const server = fakeServer();
    let failures = 1;
    const api = {
      ...server.api,
      recordParts: async (id: string, parts: RecordedPart[]) => {
        if (failures-- > 0) throw Object.assign(new Error('busy'), { status: 503 });
        return server.api.recordParts(id, parts);
      },
    };
    await uploadFile(fakeFile(12 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, ...noSleep });
    expect(server.recorded.size).toBe(3);
    expect(server.completed).toBe(true);
  });

  it('fails (status) when the server refuses to record a part, and never completes', async () => {
    const server = fakeServer();
    const api = { ...server.api, recordParts: async () => Promise.reject(Object.assign(new Error('bad size'), { status: 400 })) };
    const error = await uploadFile(fakeFile(12 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, ...noSleep }).catch((e: unknown) => e);
    expect((error as UploadError).kind).toBe('status');
    expect(server.completed).toBe(false);
  });
});

describe('uploadFile, completing (ADR 0400)', () => {
  const unavailable = () => Object.assign(new Error('storage did not answer'), { status: 503 });
  const gone = () => Object.assign(new Error('Upload not found.'), { status: 404 });

  it('a complete answered 503 is sent again; when the first had completed it (404 now), the file is checked by markUploaded', async () => {
    const server = fakeServer();
    const answers = [unavailable(), gone()];
    let marked = 0;
    const api = {
      ...server.api,
      complete: async () => Promise.reject(answers.shift() ?? new Error('no more')),
      markUploaded: async () => {
        marked++;
        return true;
      },
    };
    const result = await uploadFile(fakeFile(12 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, ...noSleep });
    expect(result).toMatchObject({ name: 'card.zip', date: '2026-11-22', size: 12 * MiB, multipart: true });
    expect(marked).toBe(1);
  });

  it('a 404 to the first complete is an error, and so is a file markUploaded does not find stored', async () => {
    const server = fakeServer();
    const first = await uploadFile(fakeFile(12 * MiB), { api: { ...server.api, complete: async () => Promise.reject(gone()) }, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, ...noSleep }).catch((e: unknown) => e);
    expect(first).toMatchObject({ kind: 'status', status: 404 });
    const answers = [unavailable(), gone()];
    const api = { ...server.api, complete: async () => Promise.reject(answers.shift()), markUploaded: async () => false };
    const notStored = await uploadFile(fakeFile(12 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, ...noSleep }).catch((e: unknown) => e);
    expect(notStored).toMatchObject({ kind: 'status', message: 'The file is not stored.' });
  });
});

describe('uploadFile, part URLs', () => {
  it('asks for the next batch of part URLs while parts are sent, before the workers run out of them', async () => {
    const server = fakeServer({ putDelayMs: 5 });
    const asked: { parts: number[]; putsStarted: number }[] = [];
    const api = {
      ...server.api,
      partUrls: async (id: string, numbers: number[]) => {
        asked.push({ parts: numbers, putsStarted: server.puts.length });
        await new Promise((r) => setTimeout(r, 15));
        return server.api.partUrls(id, numbers);
      },
    };
    const result = await uploadFile(fakeFile(40 * 5 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, concurrency: 4, ...noSleep });
    expect(result.requests).toBe(40);
    expect(asked.flatMap((a) => a.parts).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Each later batch is asked while URLs of the previous one are still unused.
    for (const [i, call] of asked.entries()) if (i > 0) expect(call.putsStarted).toBeLessThan(asked.slice(0, i).reduce((n, a) => n + a.parts.length, 0));
  });
});

describe('uploadFile, marking uploaded (ADR 0605)', () => {
  const dropped = () => Object.assign(new Error('Network error'), { status: 0 });
  const busy = () => Object.assign(new Error('busy'), { status: 503 });

  it('retries the mark step like every other call: a 503 and a network drop, then it is marked', async () => {
    const server = fakeServer();
    const failures = [busy(), dropped()];
    const api = {
      ...server.api,
      markUploaded: async (input: Parameters<InjectorApi['markUploaded']>[0]) => {
        const failure = failures.shift();
        if (failure) throw failure;
        return server.api.markUploaded(input);
      },
    };
    const result = await uploadFile(fakeFile(12 * MiB), { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, ...noSleep });
    expect(result).toMatchObject({ name: 'card.zip', multipart: true, sentBytes: 12 * MiB });
    expect(server.marks).toEqual([{ filename: 'card.zip', date: '2026-11-22', size: 12 * MiB }]);
  });

  it.each([
    ['multipart', 12 * MiB, 'createMultipartUpload'],
    ['single PUT', 3 * MiB, 'getUploadURL'],
  ])('%s: a mark step that fails for good says where the file is stored; sent again, the file stored whole is only marked (no quota call, no PUT)', async (_, size, quotaCall) => {
    const server = fakeServer();
    let markDown = true;
    const api = { ...server.api, markUploaded: async (input: Parameters<InjectorApi['markUploaded']>[0]) => (markDown ? Promise.reject(dropped()) : server.api.markUploaded(input)) };
    const file = fakeFile(size);
    const options = { api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, attempts: 3, ...noSleep };
    const failure = await uploadFile(file, options).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'sending', storedAt: { name: 'card.zip', date: '2026-11-22' } });
    const putsBefore = server.puts.length;
    expect(server.quotaCalls).toEqual([quotaCall]);

    markDown = false;
    const again = await uploadFile(file, { ...options, storedAt: (failure as UploadError).storedAt! });
    expect(again).toMatchObject({ name: 'card.zip', date: '2026-11-22', sentBytes: 0, resumedBytes: size, requests: 0 });
    expect(server.puts).toHaveLength(putsBefore);
    expect(server.quotaCalls).toEqual([quotaCall]);
    expect(server.marks.at(-1)).toEqual({ filename: 'card.zip', date: '2026-11-22', size });
  });

  it('sent again with a place where no object of its size is stored, the file is sent in full', async () => {
    const server = fakeServer();
    server.objects.set('card.zip', 12 * MiB - 1); // another file of that name, not this one
    const result = await uploadFile(fakeFile(12 * MiB), {
      api: server.api,
      put: server.put,
      multipartThreshold: 5 * MiB,
      partSize: 5 * MiB,
      storedAt: { name: 'card.zip', date: '2026-11-22', startedAt: '2026-11-22T12:00:00.000Z' },
      ...noSleep,
    });
    expect(result).toMatchObject({ sentBytes: 12 * MiB, requests: 3 });
    expect(server.quotaCalls).toEqual(['createMultipartUpload']);
  });

  it('a failure before every byte was sent says no place: the file cannot be stored whole', async () => {
    const server = fakeServer({ failPut: (part) => (part === 2 ? 'network' : undefined) });
    const failure = await uploadFile(fakeFile(12 * MiB), { api: server.api, put: server.put, multipartThreshold: 5 * MiB, partSize: 5 * MiB, attempts: 2, ...noSleep }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).storedAt).toBeUndefined();
  });

  it('a refusal keeps the server\'s message (the screen says it in the reader\'s language)', async () => {
    const server = fakeServer();
    const refused = Object.assign(new Error('The file sent is not a zip or tar archive; it was deleted.'), { status: 422 });
    const failure = await uploadFile(fakeFile(1000), { api: { ...server.api, markUploaded: async () => Promise.reject(refused) }, put: server.put, ...noSleep }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'status', status: 422, message: refused.message });
    expect(server.puts).toHaveLength(1); // a 422 is not retried
  });
});
