/** A DynamoDB key to start a Query after (ExclusiveStartKey). */
export type StartKey = Record<string, unknown>;

/** One batch of a list read in order: its entries, each with the key that resumes right after it. */
export interface ScannedBatch<E> {
  entries: ReadonlyArray<E & { key: StartKey }>;
  next?: StartKey;
}

export interface FillPage<E, R> {
  /** Where the page starts (the cursor's key), undefined for the first page. */
  start?: StartKey;
  read: (start: StartKey | undefined) => Promise<ScannedBatch<E>>;
  /** An entry's row, or undefined when the entry is not shown (nothing to deliver). */
  build: (entry: E) => Promise<R | undefined>;
  limit: number;
  /** The page's JSON stays under this many bytes: Lambda answers at most 6 MB. */
  maxBytes: number;
  /** After this long, a page with rows stops reading; after `hardStopMs`, any page does (the operation times out at 15 s). */
  softStopMs: number;
  hardStopMs: number;
  now?: () => number;
}

/**
 * Fills a page of `limit` rows from a list whose entries may show nothing (a shooting without
 * pictures), batch after batch, so a page is not empty while rows follow (part 1 §2.10). It ends
 * sooner when the rows would make the answer too large or the time runs out; `next` then resumes
 * right after the last entry it took, so nothing is skipped or shown twice.
 */
export async function fillPage<E, R>(f: FillPage<E, R>): Promise<{ rows: R[]; next?: StartKey }> {
  const now = f.now ?? Date.now;
  const started = now();
  const rows: R[] = [];
  let bytes = 2;
  let start = f.start;
  for (;;) {
    const { entries, next } = await f.read(start);
    const built = await Promise.all(entries.map((entry) => f.build(entry)));
    for (const [i, row] of built.entries()) {
      if (row === undefined) continue;
      const size = Buffer.byteLength(JSON.stringify(row)) + 1;
      if (rows.length > 0 && bytes + size > f.maxBytes) return { rows, next: i === 0 ? start : entries[i - 1]!.key };
      rows.push(row);
      bytes += size;
      if (rows.length === f.limit) return { rows, ...(i < entries.length - 1 ? { next: entries[i]!.key } : next ? { next } : {}) };
    }
    if (!next) return { rows };
    start = next;
    const elapsed = now() - started;
    if (elapsed >= f.hardStopMs || (rows.length > 0 && elapsed >= f.softStopMs)) return { rows, next };
  }
}
