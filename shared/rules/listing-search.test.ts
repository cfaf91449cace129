import { describe, expect, it } from 'vitest';
import { completedPercent, drivingWord, matchesWords, parseListingSearch, SEARCH_MESSAGES, wordsOf } from './listing-search.ts';

const parsed = (s: string) => {
  const r = parseListingSearch(s);
  if (!r.ok) throw new Error(r.message);
  return r.search;
};
const error = (s: string) => {
  const r = parseListingSearch(s);
  return r.ok ? undefined : r.message;
};

describe('listing search string', () => {
  it('splits words, ignores case and accents', () => {
    expect(parsed('  1200 Rue  SHERBROOKE Montréal ').words).toEqual(['1200', 'rue', 'sherbrooke', 'montreal']);
    expect(parsed('H2X-1Y4').words).toEqual(['h2x', '1y4']);
    expect(parsed('').words).toEqual([]);
  });

  it('reads the commands mls:null du:{date} au:{date}', () => {
    expect(parsed('mls:null du:2026-01-01 au:2026-02-28 laval')).toEqual({ words: ['laval'], mlsNull: true, from: '2026-01-01', to: '2026-02-28' });
    expect(parsed('MLS:NULL').mlsNull).toBe(true);
    expect(parsed('du:2026-03-01')).toMatchObject({ from: '2026-03-01', to: null });
  });

  it('refuses a bad command with a message', () => {
    expect(error('mls:123')).toBe(SEARCH_MESSAGES.mlsNull);
    expect(error('du:2026-02-30')).toBe(SEARCH_MESSAGES.date);
    expect(error('au:tomorrow')).toBe(SEARCH_MESSAGES.date);
    expect(error('du:2026-03-02 au:2026-03-01')).toBe(SEARCH_MESSAGES.range);
    expect(error('foo:bar')).toBe(SEARCH_MESSAGES.unknownCommand);
    expect(error(':x')).toBe(SEARCH_MESSAGES.unknownCommand);
    expect(error('du:2026-03-01 du:2026-03-02')).toBe(SEARCH_MESSAGES.twice);
    expect(error('a b c d e f g h i')).toBe(SEARCH_MESSAGES.tooManyWords);
  });

  it('every word must start a word of the listing', () => {
    const listing = wordsOf('5012 1200 rue Sherbrooke Montréal H2X 1Y4 Béatrice Roy');
    expect(matchesWords(listing, ['sherb', '120'])).toBe(true);
    expect(matchesWords(listing, ['beat'])).toBe(true);
    expect(matchesWords(listing, ['brooke'])).toBe(false);
    expect(matchesWords(listing, ['sherb', 'laval'])).toBe(false);
  });

  it('drives the query with digits first, then the longest word', () => {
    expect(drivingWord(['sherbrooke', '12'])).toBe('12');
    expect(drivingWord(['rue', 'sherbrooke'])).toBe('sherbrooke');
    expect(drivingWord([])).toBeUndefined();
  });

  it('completed % = views / (photos × sessions) × 100, rounded', () => {
    expect(completedPercent(30, 20, 2)).toBe(75);
    expect(completedPercent(1, 3, 1)).toBe(33);
    expect(completedPercent(5, 0, 2)).toBe(0);
  });
});
