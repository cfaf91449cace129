/**
 * The in-process cache of listing search blocks (docs/decisions/0365-listing-search-cache.md): per
 * driving word, the entries its blocks held when read, kept with the value of the index clock
 * (LISTINGSEARCH / CLOCK) read BEFORE the blocks were read. Bounded by bytes, least recently used
 * first out; a Lambda container keeps it between calls. Whether an entry may be used is decided by
 * the caller (functions/storage/listings.ts): same clock value, younger than the max age.
 */

/** The entries of one driving word: every id found (newest first) with its entries (greatest first, tombstones left out). */
export interface CachedWord {
  /** The index clock read before the blocks were read. */
  clock: number;
  /** When the blocks were read (ms since the epoch). */
  readAt: number;
  ids: number[];
  entries: Map<number, string[]>;
  /** Answers already computed from these entries, by search and page size (a few per word). */
  answers: Map<string, { page: Array<[number, string]>; count: number }>;
  bytes: number;
}

export interface ListingSearchCacheOptions {
  /** Bytes the cache may hold (an estimate: 2 bytes a character plus per-item overheads). */
  maxBytes: number;
  /** After this, cached blocks are read again even if the clock did not move (a writer that died between its block writes and its clock bump). */
  maxAgeMs: number;
  /** Blocks read less than this after the clock's last bump are used but not cached (gsi2 is eventually consistent in AWS). */
  settleMs: number;
}

export const LISTING_SEARCH_CACHE_DEFAULTS: ListingSearchCacheOptions = { maxBytes: 32 * 1024 * 1024, maxAgeMs: 60_000, settleMs: 2_000 };

/** Answers kept per word (each is a page of id and entry pointers into the cached strings). */
const ANSWERS_PER_WORD = 8;
const ID_BYTES = 64;
const ENTRY_BYTES = 40;
const ANSWER_ROW_BYTES = 16;

export const options: ListingSearchCacheOptions = { ...LISTING_SEARCH_CACHE_DEFAULTS };
const words = new Map<string, CachedWord>();
let bytes = 0;
export const stats = { hits: 0, misses: 0, evictions: 0, stale: 0 };

/** Changes the bounds (tests, bench); `undefined` restores the defaults. Empties the cache. */
export function configureListingSearchCache(next?: Partial<ListingSearchCacheOptions>): void {
  Object.assign(options, LISTING_SEARCH_CACHE_DEFAULTS, next ?? {});
  words.clear();
  bytes = 0;
  Object.assign(stats, { hits: 0, misses: 0, evictions: 0, stale: 0 });
}

export function listingSearchCacheStats() {
  return { ...stats, words: words.size, bytes, maxBytes: options.maxBytes };
}

/** The cached entries of a word, made most recently used (undefined if none). */
export function cachedWord(word: string): CachedWord | undefined {
  const hit = words.get(word);
  if (hit) {
    words.delete(word);
    words.set(word, hit);
  }
  return hit;
}

export function forgetWord(word: string): void {
  const old = words.get(word);
  if (!old) return;
  words.delete(word);
  bytes -= old.bytes;
}

function evict(): void {
  for (const [word, old] of words) {
    if (bytes <= options.maxBytes) return;
    words.delete(word);
    bytes -= old.bytes;
    stats.evictions++;
  }
}

/** Builds the cached form of a word's block items: per id, its entries greatest first, tombstones left out. */
export function cachedWordOf(blocks: ReadonlyArray<Record<string, unknown>>, isEntry: (name: string) => boolean, clock: number, readAt: number): CachedWord {
  const entries = new Map<number, string[]>();
  let size = 0;
  for (const block of blocks) {
    for (const [name, value] of Object.entries(block)) {
      if (!isEntry(name)) continue;
      const entry = String(value);
      if (entry.endsWith('|-')) continue;
      const id = Number(name.slice(1));
      const list = entries.get(id);
      if (list) list.push(entry);
      else entries.set(id, [entry]);
      size += entry.length * 2 + ENTRY_BYTES;
    }
  }
  for (const list of entries.values()) if (list.length > 1) list.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const ids = [...entries.keys()].sort((a, b) => b - a);
  return { clock, readAt, ids, entries, answers: new Map(), bytes: size + ids.length * ID_BYTES };
}

/** Keeps a word's entries (replacing older ones), then evicts the least recently used words over the bound. */
export function keepWord(word: string, cached: CachedWord): void {
  forgetWord(word);
  if (cached.bytes > options.maxBytes) return;
  words.set(word, cached);
  bytes += cached.bytes;
  evict();
}

/** Remembers an answer computed from a cached word (its bytes count against the bound). */
export function keepAnswer(word: string, cached: CachedWord, key: string, answer: { page: Array<[number, string]>; count: number }): void {
  if (words.get(word) !== cached) return;
  if (cached.answers.size >= ANSWERS_PER_WORD) {
    const [oldest, old] = cached.answers.entries().next().value!;
    cached.answers.delete(oldest);
    const freed = old.page.length * ANSWER_ROW_BYTES + oldest.length * 2;
    cached.bytes -= freed;
    bytes -= freed;
  }
  const added = answer.page.length * ANSWER_ROW_BYTES + key.length * 2;
  cached.answers.set(key, answer);
  cached.bytes += added;
  bytes += added;
  evict();
}
