import { setRequestLogSink, type RequestLogItem } from '#functions/plumbing/request-log.ts';
import { storeRequestLogItems } from '#functions/plumbing/request-log-store.ts';

export interface RequestLogBatcher {
  /** Resolves once every item shipped so far is stored (or its batch has failed and been reported). */
  flush: () => Promise<void>;
  /** Flushes, then gives the request log its previous sink back. */
  stop: () => Promise<void>;
}

/** Items per stored batch: four BatchWriteItem calls' worth. */
export const LOCAL_BATCH_ITEMS = 100;
/** Longest an item waits for its batch, as the CloudWatch Logs subscription's delivery does in AWS (seconds there). */
export const LOCAL_BATCH_DELAY_MS = 50;

/**
 * The local stand-in for the request log's CloudWatch Logs subscription (ADR 0485): the API's
 * handlers ship their records here, in the same process, and they are stored in batches, off the
 * request path, by the same code as the ingest Lambda. One batch is stored at a time.
 */
export function startRequestLogBatcher(report: (line: string) => void = (line) => console.error(line)): RequestLogBatcher {
  let queue: RequestLogItem[] = [];
  let timer: NodeJS.Timeout | undefined;
  let storing: Promise<void> = Promise.resolve();

  const storeQueued = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    storing = storing.then(async () => {
      if (batch.length === 0) return;
      try {
        await storeRequestLogItems(batch);
      } catch (error) {
        report(`request log write failed: ${batch.length} records lost (${(error as Error).message})`);
      }
    });
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
