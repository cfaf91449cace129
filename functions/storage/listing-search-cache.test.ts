import { afterEach, describe, expect, it } from 'vitest';
import { cachedWord, cachedWordOf, configureListingSearchCache, keepAnswer, keepWord, listingSearchCacheStats } from './listing-search-cache.ts';

const isEntry = (name: string) => /^e\d+$/.test(name);
const entry = (seq: number, tail = 'w|["a"]') => `${String(seq).padStart(12, '0')}||2026-01-01|${tail}`;

afterEach(() => configureListingSearchCache());

describe('listing search block cache (ADR 0365)', () => {
  it('keeps every entry of an id greatest first, leaves tombstones out, ids newest first', () => {
    const word = cachedWordOf([{ pk: 'LWORD#ab', e7: entry(2), e9: entry(1), gsi2sk: 'x' }, { e7: entry(5), e9: '000000000003|-' }], isEntry, 4, 1000);
    expect(word.ids).toEqual([9, 7]);
    expect(word.entries.get(7)).toEqual([entry(5), entry(2)]);
    expect(word.entries.get(9)).toEqual([entry(1)]);
    expect(word).toMatchObject({ clock: 4, readAt: 1000 });
    expect(word.bytes).toBeGreaterThan(0);
  });

  it('evicts the least recently used words over the byte bound, answers included', () => {
    const make = () => cachedWordOf([{ e1: entry(1, 'x'.repeat(100)) }], isEntry, 1, 0);
    const size = make().bytes;
    configureListingSearchCache({ maxBytes: size * 2 + 100 });
    keepWord('a', make());
    keepWord('b', make());
    expect(cachedWord('a')).toBeDefined(); // a most recently used
    keepWord('c', make());
    expect(cachedWord('b')).toBeUndefined();
    expect(listingSearchCacheStats()).toMatchObject({ words: 2, evictions: 1 });
    const a = cachedWord('a')!;
    keepAnswer('a', a, 'k'.repeat(200), { page: [], count: 0 }); // grows a past the bound with c: c (least recent) goes
    expect(cachedWord('c')).toBeUndefined();
    expect(listingSearchCacheStats().bytes).toBeLessThanOrEqual(size * 2 + 100);
  });
});
