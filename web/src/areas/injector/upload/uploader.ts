import { DEFAULT_MULTIPART_THRESHOLD, DEFAULT_PART_SIZE, MAX_PARTS_PER_RECORD, UPLOAD_CONTENT_TYPE, partLength } from '#shared/catalogue/rij.ts';
import { backoffDelay, sleep as defaultSleep } from './backoff.ts';
import { TransportError, UploadError, abortError, isAbortError } from './errors.ts';
import type { FileSource, InjectorApi, PutFn, RecordedPart, StoredAt, UploadProgress, UploadResult } from './types.ts';

export interface UploadOptions {
  api: InjectorApi;
  put: PutFn;
  /** Files larger than this go by multipart upload. */
  multipartThreshold?: number;
  /** Preferred part size; the server raises it so no upload needs more than 10,000 parts. */
  partSize?: number;
  /** Parts in flight at once; memory stays under concurrency × part size. */
  concurrency?: number;
  /** Attempts per request (the first included) before the upload fails. */
  attempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Stored parts recorded per call (at most MAX_PARTS_PER_RECORD). */
  recordBatch?: number;
  /** How long a stored part may wait for a record call before a smaller batch is sent. */
  recordDelayMs?: number;
  /** The day to file the upload under (the sender's local date); default the server's today. */
  date?: string;
  /**
   * Sending again a file whose earlier attempt failed after all its bytes were sent
   * (UploadError.storedAt): when an object of the file's size is stored there, the file is only
   * marked uploaded, not sent again (nor counted again in the daily quota).
   */
  storedAt?: StoredAt;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /**
   * Every byte is stored (the PUT answered, or the complete asked): from here the upload finishes
   * whatever the signal says. A cancel now would leave a stored file shown as cancelled, and the
   * next Upload would send all of it again. The screen stops offering Cancel.
   */
  onFinishing?: () => void;
  /** Injected in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export const DEFAULT_CONCURRENCY = 4;
/**
 * Abort reason that stops sending without cancelling: the upload stays resumable (the screen
 * uses it when the user leaves the page). Any other abort reason cancels and aborts the upload.
 */
export const UPLOAD_PAUSED = 'upload-paused';
export const DEFAULT_ATTEMPTS = 5;
/** Part URLs asked per call (they live 15 minutes; a batch is used well within that). */
const URL_BATCH = 16;

/**
 * Stored parts are recorded in batches (ADR 0420): a call as soon as RECORD_BATCH parts wait, or
 * RECORD_DELAY_MS after the oldest waiting part was stored, and the rest before complete (and after a
 * failure or a pause, so that sending the file again resumes after them). A part stored but not yet
 * recorded when the browser dies is sent again by the resume: a crash costs at most about
 * RECORD_DELAY_MS of sending (or RECORD_BATCH parts), and a call costs the API a session check, an
 * ownership read and a log record whatever the number of parts it records.
 */
export const RECORD_BATCH = 32;
export const RECORD_DELAY_MS = 2_000;

/** Statuses worth another attempt: the URL expired (403), throttling, timeouts, server errors. */
const RETRYABLE = (status: number) => status === 403 || status === 408 || status === 429 || status >= 500;

/**
 * Sends one file to the injector bucket: one presigned PUT when it is at most the threshold,
 * otherwise a presigned multipart upload (several parts in flight, each failed part retried
 * with exponential backoff, resumed from the parts the server recorded, aborted on cancel).
 * Then marks it uploaded and checks its status (part 2's upload flow), retried like every call.
 *
 * A failure once every byte was sent (the PUT sent, the complete asked) says where the file may be
 * stored (UploadError.storedAt); sending it again with that `storedAt` first asks the server for
 * the object there (a HEAD): one of the file's size is this file, and it is only marked uploaded.
 */
export async function uploadFile(source: FileSource, options: UploadOptions): Promise<UploadResult> {
  const rt = runtime(options);
  const threshold = options.multipartThreshold ?? DEFAULT_MULTIPART_THRESHOLD;
  const multipartUpload = source.size > threshold;
  // Where the file may be stored whole, should this attempt fail: the earlier attempt's place until
  // the check below says it is not there, then this attempt's once all its bytes are sent.
  let storedAt = options.storedAt;
  let finishing = false;
  const finish = () => {
    finishing = true;
    options.onFinishing?.();
  };
  const mark = async (at: StoredAt) => {
    const stored = await withRetries(rt, finishing ? undefined : options.signal, () => options.api.markUploaded({ filename: at.name, date: at.date, started_at: at.startedAt, size: source.size }));
    if (!stored) throw new UploadError('status', 'The file is not stored.');
  };
  try {
    if (storedAt) {
      const at = storedAt;
      const size = await withRetries(rt, options.signal, () => options.api.storedSize({ filename: at.name, date: at.date }));
      if (size === source.size) {
        await mark(at);
        return { name: at.name, date: at.date, size: source.size, multipart: multipartUpload, sentBytes: 0, resumedBytes: source.size, requests: 0 };
      }
      storedAt = undefined;
    }
    const startedAt = new Date().toISOString();
    const sent: OnSent = ({ name, date }) => {
      storedAt = { name, date, startedAt };
    };
    const result = multipartUpload ? await multipart(source, options, sent, finish) : await single(source, options, sent, finish);
    await mark({ name: result.name, date: result.date, startedAt });
    return result;
  } catch (error) {
    const failure = asUploadError(error);
    if (failure instanceof UploadError && storedAt) failure.storedAt = storedAt;
    throw failure;
  }
}

interface Runtime {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  attempts: number;
  backoffMs: number;
  maxBackoffMs: number;
}

function runtime(o: UploadOptions): Runtime {
  return {
    sleep: o.sleep ?? defaultSleep,
    random: o.random ?? Math.random,
    now: o.now ?? (() => Date.now()),
    attempts: Math.max(1, o.attempts ?? DEFAULT_ATTEMPTS),
    backoffMs: o.backoffMs ?? 500,
    maxBackoffMs: o.maxBackoffMs ?? 20_000,
  };
}

/** Progress of one upload: stored bytes + bytes of requests in flight; speed of this run only. */
function progressMeter(total: number, resumed: number, now: () => number, emit?: (p: UploadProgress) => void) {
  const started = now();
  let stored = resumed;
  const inFlight = new Map<number, number>();
  const report = () => {
    if (!emit) return;
    let loaded = stored;
    for (const sent of inFlight.values()) loaded += sent;
    loaded = Math.min(loaded, total);
    const seconds = (now() - started) / 1000;
    emit({ loaded, total, percent: total === 0 ? 100 : (loaded / total) * 100, bytesPerSecond: seconds > 0 ? (loaded - resumed) / seconds : 0 });
  };
  return {
    sending: (part: number, sent: number) => {
      inFlight.set(part, sent);
      report();
    },
    failed: (part: number) => {
      inFlight.delete(part);
      report();
    },
    stored: (part: number, size: number) => {
      inFlight.delete(part);
      stored += size;
      report();
    },
    report,
  };
}

/** A non-200 answer as an error: retryable or not. */
class StatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function withRetries<T>(rt: Runtime, signal: AbortSignal | undefined, attemptFn: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortError();
    try {
      return await attemptFn(attempt);
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw abortError();
      const retryable = error instanceof TransportError || (error instanceof StatusError && RETRYABLE(error.status)) || isRetryableApiError(error);
      if (!retryable || attempt + 1 >= rt.attempts) throw asUploadError(error);
      await rt.sleep(backoffDelay(attempt, { baseMs: rt.backoffMs, maxMs: rt.maxBackoffMs, random: rt.random }), signal);
    }
  }
}

/** API errors from the web client carry a status (0 for network errors). */
function apiStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function isRetryableApiError(error: unknown): boolean {
  const status = apiStatus(error);
  return status !== undefined && (status === 0 || status === 408 || status === 429 || status >= 500);
}

function asUploadError(error: unknown): Error {
  if (error instanceof UploadError || isAbortError(error)) return error as Error;
  if (error instanceof TransportError || apiStatus(error) === 0) return new UploadError('sending', (error as Error).message);
  if (error instanceof StatusError) return new UploadError('status', error.message, error.status);
  const status = apiStatus(error);
  return new UploadError('status', error instanceof Error ? error.message : String(error), status);
}

/** Told where the file goes once all its bytes are on their way (it may then be stored whole). */
type OnSent = (at: { name: string; date: string }) => void;

async function single(source: FileSource, o: UploadOptions, onSent: OnSent, onFinishing: () => void): Promise<UploadResult> {
  const rt = runtime(o);
  const meter = progressMeter(source.size, 0, rt.now, o.onProgress);
  let requests = 0;
  const { name, date } = await withRetries(rt, o.signal, async () => {
    const target = await o.api.getUploadUrl({ filename: source.name, filetype: source.type, size: source.size, ...(o.date ? { date: o.date } : {}) });
    const body = await source.slice(0, source.size);
    requests++;
    onSent({ name: target.name, date: target.date });
    const res = await o.put(target.url, body, { contentType: target.content_type || UPLOAD_CONTENT_TYPE, ...(o.signal ? { signal: o.signal } : {}), onProgress: (sent) => meter.sending(1, sent) }).catch((error: unknown) => {
      meter.failed(1);
      throw error;
    });
    if (res.status !== 200) {
      meter.failed(1);
      throw new StatusError(res.status);
    }
    onFinishing();
    return target;
  });
  meter.stored(1, source.size);
  return { name, date, size: source.size, multipart: false, sentBytes: source.size, resumedBytes: 0, requests };
}

async function multipart(source: FileSource, o: UploadOptions, onSent: OnSent, onFinishing: () => void): Promise<UploadResult> {
  const rt = runtime(o);
  const concurrency = Math.max(1, o.concurrency ?? DEFAULT_CONCURRENCY);
  const created = await withRetries(rt, o.signal, () =>
    o.api.createMultipart({
      filename: source.name,
      filetype: source.type,
      size: source.size,
      lastModified: source.lastModified,
      partSize: o.partSize ?? DEFAULT_PART_SIZE,
      ...(o.date ? { date: o.date } : {}),
    }),
  );
  const { uploadId, partSize, partCount } = created;
  /** The complete is asked: a cancel no longer aborts the upload. */
  let completing = false;

  // Parts the server recorded (a resume) are not sent again, if their size is the expected one.
  const stored = new Set(created.parts.filter((p) => p.partNumber <= partCount && p.size === partLength(source.size, partSize, p.partNumber)).map((p) => p.partNumber));
  const resumedBytes = [...stored].reduce((sum, n) => sum + partLength(source.size, partSize, n), 0);
  const pending = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !stored.has(n));
  const meter = progressMeter(source.size, resumedBytes, rt.now, o.onProgress);
  meter.report();

  // One failure stops the other workers; a cancel from outside stops them too.
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort();
  o.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = stop.signal;

  const urls = new Map<number, string>();
  let fetching: Promise<void> | undefined;
  /** Asks for the URLs of `first` (if given) and of the next queued parts without one, one call at a time. */
  const fetchBatch = (first?: number): Promise<void> | undefined => {
    if (!fetching) {
      const wanted = [...(first === undefined ? [] : [first]), ...queue.filter((n) => n !== first && !urls.has(n))].slice(0, URL_BATCH);
      if (!wanted.length) return undefined;
      fetching = withRetries(rt, signal, () => o.api.partUrls(uploadId, wanted))
        .then((answer) => answer.forEach(({ partNumber: n, url }) => urls.set(n, url)))
        .finally(() => {
          fetching = undefined;
        });
    }
    return fetching;
  };
  const urlFor = async (partNumber: number): Promise<string> => {
    while (!urls.has(partNumber)) await fetchBatch(partNumber);
    // The next batch is asked while this part is sent, before the workers run out of URLs (a call
    // costs 100-150 ms on the API: every worker waiting for it every URL_BATCH parts was a stall).
    const ready = queue.reduce((count, n) => count + (urls.has(n) ? 1 : 0), 0);
    if (ready < concurrency) fetchBatch()?.catch(() => undefined);
    return urls.get(partNumber)!;
  };

  let requests = 0;
  let sentBytes = 0;
  const recorder = partRecorder({
    record: (parts, retried) => (retried ? withRetries(rt, signal, () => o.api.recordParts(uploadId, parts)) : o.api.recordParts(uploadId, parts)),
    batch: Math.min(MAX_PARTS_PER_RECORD, Math.max(1, o.recordBatch ?? RECORD_BATCH)),
    delayMs: o.recordDelayMs ?? RECORD_DELAY_MS,
    signal,
    onFailure: () => stop.abort(),
  });
  const queue = [...pending];
  const sendPart = async (partNumber: number) => {
    const start = (partNumber - 1) * partSize;
    const length = partLength(source.size, partSize, partNumber);
    const etag = await withRetries(rt, signal, async () => {
      const url = await urlFor(partNumber);
      const body = await source.slice(start, start + length);
      requests++;
      let res: { status: number; etag: string | null };
      try {
        res = await o.put(url, body, { signal, onProgress: (sent) => meter.sending(partNumber, sent) });
      } catch (error) {
        meter.failed(partNumber);
        urls.delete(partNumber);
        throw error;
      }
      if (res.status !== 200 || !res.etag) {
        meter.failed(partNumber);
        urls.delete(partNumber); // an expired URL (403) is asked again
        throw new StatusError(res.status === 200 ? 502 : res.status);
      }
      return res.etag;
    });
    sentBytes += length;
    meter.stored(partNumber, length);
    // Recorded in a batch while the workers send the next parts (a record only has to exist before complete).
    recorder.add({ partNumber, etag, size: length });
  };
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendPart(next);
  };

  try {
    const workers = Array.from({ length: Math.min(concurrency, queue.length) }, () =>
      worker().catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
    );
    const outcomes = await Promise.allSettled(workers);
    const failure = outcomes.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !isAbortError(r.reason))
      ?? outcomes.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) {
      // A part failed: the parts stored meanwhile are recorded (one attempt per call), so sending the
      // file again resumes after them. (A pause does the same below; a cancel aborts the upload.)
      if (!o.signal?.aborted) await recorder.salvage();
      // Workers stopped because a record was refused: that refusal is the error.
      throw isAbortError(failure.reason) && recorder.failure !== undefined ? recorder.failure : failure.reason;
    }
    await recorder.drain();
    if (o.signal?.aborted) throw abortError();
    // From the complete on, the object may be stored whole (the answer can be lost): a retry checks first.
    onSent({ name: created.name, date: created.date });
    // And a cancel no longer stops it: S3 would finish the object anyway.
    completing = true;
    onFinishing();
    // A complete sent again after a lost answer or a 5xx: the server may have completed it meanwhile and
    // forgotten the upload (404). Then the file is there; markUploaded below checks that it is stored.
    const done = await withRetries(rt, undefined, async (attempt) => {
      try {
        return await o.api.complete(uploadId);
      } catch (error) {
        if (attempt > 0 && apiStatus(error) === 404) return { name: created.name, date: created.date, size: source.size };
        throw error;
      }
    });
    return { name: done.name, date: done.date, size: source.size, multipart: true, sentBytes, resumedBytes, requests };
  } catch (error) {
    if (o.signal?.aborted && !completing) {
      if (o.signal.reason === UPLOAD_PAUSED) {
        // Paused (the page is left): the stored parts are recorded, so the resume does not send them again.
        await recorder.salvage();
      } else {
        // Cancelled by the user: abort the upload (S3 frees its parts; the records go).
        await recorder.settled();
        await o.api.abort(uploadId).catch(() => undefined);
      }
      throw abortError();
    }
    // Any other failure keeps the upload: sending the same file again resumes it.
    throw asUploadError(error);
  } finally {
    recorder.close();
    o.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Records stored parts in batches, one call at a time: a call when `batch` parts wait, or `delayMs`
 * after the oldest waiting part was stored. A call that fails (after its retries) stops the upload
 * (`onFailure`) and is kept as `failure`; a call cut short by the upload's stop puts its parts back.
 */
function partRecorder(o: { record: (parts: RecordedPart[], retried: boolean) => Promise<void>; batch: number; delayMs: number; signal: AbortSignal; onFailure: () => void }) {
  const waiting: RecordedPart[] = [];
  let inFlight: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failure: unknown;
  let closed = false;
  const idle = () => closed || failure !== undefined || o.signal.aborted;
  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const send = (): Promise<void> => {
    clearTimer();
    if (inFlight || !waiting.length || idle()) return inFlight ?? Promise.resolve();
    const parts = waiting.splice(0, o.batch);
    inFlight = o
      .record(parts, true)
      .catch((error: unknown) => {
        if (isAbortError(error)) {
          waiting.unshift(...parts);
          return;
        }
        failure ??= error;
        o.onFailure();
      })
      .finally(() => {
        inFlight = undefined;
        schedule();
      });
    return inFlight;
  };
  const schedule = () => {
    if (inFlight || !waiting.length || idle()) return;
    if (waiting.length >= o.batch) void send();
    else timer ??= setTimeout(() => void send(), o.delayMs);
  };
  return {
    add(part: RecordedPart) {
      waiting.push(part);
      schedule();
    },
    get failure() {
      return failure;
    },
    /** Waits for the call in flight, if any. */
    async settled() {
      await inFlight;
    },
    /** Records every waiting part now; throws the first failure (an abort error once the upload is stopped). */
    async drain() {
      while (!idle() && (inFlight || waiting.length)) await (inFlight ?? send());
      await inFlight;
      if (failure !== undefined) throw failure;
      if (o.signal.aborted) throw abortError();
    },
    /** After a failure or a pause: records what waits, one attempt per call, errors ignored. */
    async salvage() {
      await inFlight;
      clearTimer();
      if (failure !== undefined) return;
      while (waiting.length) await o.record(waiting.splice(0, o.batch), false).catch(() => undefined);
    },
    close() {
      closed = true;
      clearTimer();
    },
  };
}
