import { randomUUID } from 'node:crypto';
import { setRequestLogSink, type RequestLogItem } from '#functions/plumbing/request-log.ts';
import { storeRequestLogItems } from '#functions/storage/request-logs.ts';

export interface RequestLogBatcher {
  /** Resolves once every item shipped so far is stored (or its batch has failed for good and been reported). */
  flush: () => Promise<void>;
  /** Flushes, then gives the request log its previous sink back. */
  stop: () => Promise<void>;
}

export interface RequestLogBatcherOptions {
  /** Where a batch lost for good is reported (default: standard error). */
  report?: (line: string) => void;
  /** Injected in tests: how a batch is stored, and the pause between its tries. */
  store?: (items: RequestLogItem[], batchId: string) => Promise<void>;
  wait?: (ms: number) => Promise<unknown>;
}

/** Items per stored batch: four BatchWriteItem calls' worth. */
export const LOCAL_BATCH_ITEMS = 100;
/** Longest an item waits for its batch (in AWS, the CloudWatch Logs subscription takes seconds). */
export const LOCAL_BATCH_DELAY_MS = 50;
/** Pauses before a failed batch is stored again: like the ingest Lambda's two asynchronous retries, in seconds instead of minutes. */
export const LOCAL_BATCH_RETRY_MS = [1_000, 2_000];

/**
 * The local stand-in for the request log's CloudWatch Logs subscription (ADR 0485): the API's
 * handlers ship their records here, in the same process, and they are stored in batches, off the
 * request path, by the same code as the ingest Lambda. One batch is stored at a time.
 */
export function startRequestLogBatcher(options: RequestLogBatcherOptions = {}): RequestLogBatcher {
  const { report = (line) => console.error(line), store = storeRequestLogItems, wait = (ms) => new Promise((r) => setTimeout(r, ms)) } = options;
  let queue: RequestLogItem[] = [];
  let timer: NodeJS.Timeout | undefined;
  let storing: Promise<void> = Promise.resolve();

  const storeWithRetries = async (batch: RequestLogItem[]) => {
    const batchId = randomUUID();
    for (let attempt = 0; ; attempt++) {
      try {
        return await store(batch, batchId);
      } catch (error) {
        if (attempt >= LOCAL_BATCH_RETRY_MS.length) return report(`request log write failed: ${batch.length} records lost (${(error as Error).message})`);
        await wait(LOCAL_BATCH_RETRY_MS[attempt]!);
      }
    }
  };

  const storeQueued = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length > 0) storing = storing.then(() => storeWithRetries(batch));
    return storing;
  };

  const previous = setRequestLogSink((item) => {
    queue.push(item);
    if (queue.length >= LOCAL_BATCH_ITEMS) void storeQueued();
    else timer ??= setTimeout(() => void storeQueued(), LOCAL_BATCH_DELAY_MS);
  });
  return {
    flush: storeQueued,
    stop: async () => {
      await storeQueued();
      setRequestLogSink(previous);
    },
  };
}
