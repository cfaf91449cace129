import { describe, expect, it } from 'vitest';
import { completedPercent, drivingWord, entryContent, entryMatches, entryRow, matchesWords, parseListingSearch, SEARCH_MESSAGES, searchEntry, searchTombstone, wordsOf } from './listing-search.ts';

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

  it("reads a word followed by a bare colon as text ('Québec: condo'), but 'mls:' and 'du:' as commands", () => {
    expect(parsed('Québec: condo Laval:')).toEqual({ words: ['quebec', 'condo', 'laval'], mlsNull: false, from: null, to: null });
    expect(error('mls:')).toBe(SEARCH_MESSAGES.mlsNull);
    expect(error('du:')).toBe(SEARCH_MESSAGES.date);
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

describe('search entries (ADRs 0300, 0345)', () => {
  const row = { id: 7, address: '85 avenue Laval', app: '3', city: 'Montréal', postalcode: 'H2X 1Y2', mls: null, broker_id: 12, broker: { firstname: 'Hélène', lastname: "O'Neil|x" }, shootingdate: '2026-03-10' };
  const noMls = searchEntry(3, ['85', 'avenue', 'laval', 'helene'], row);
  const withMls = searchEntry(12, ['9', 'chemin', 'quebec'], { ...row, mls: '12345678', shootingdate: null });
  it('hold the sequence, the MLS flag, the shooting date, the words and the row', () => {
    expect(noMls).toBe('000000000003|n|2026-03-10|85 avenue laval helene|["85 avenue Laval","3","Montréal","H2X 1Y2",null,12,"Hélène","O\'Neil|x"]');
    expect(entryContent(withMls).startsWith('||9 chemin quebec|')).toBe(true);
    expect(entryRow(7, noMls)).toEqual(row);
    expect(entryRow(7, withMls)).toEqual({ ...row, mls: '12345678', shootingdate: null });
  });
  it('compare in write order, a tombstone after the entry it replaces', () => {
    expect(noMls < withMls).toBe(true);
    expect(searchTombstone(4) > noMls).toBe(true);
    expect(searchTombstone(2) < noMls).toBe(true);
    expect(entryRow(7, searchTombstone(4))).toBeUndefined();
    expect(entryMatches(searchTombstone(4), parsed(''))).toBe(false);
  });
  it('match every word as a prefix and the commands', () => {
    expect(entryMatches(noMls, parsed('aven lav'))).toBe(true);
    expect(entryMatches(noMls, parsed('aven quebec'))).toBe(false);
    expect(entryMatches(noMls, parsed('laval mls:null du:2026-03-10 au:2026-03-10'))).toBe(true);
    expect(entryMatches(noMls, parsed('du:2026-03-11'))).toBe(false);
    expect(entryMatches(noMls, parsed('au:2026-03-09'))).toBe(false);
    expect(entryMatches(withMls, parsed('chemin mls:null'))).toBe(false);
    expect(entryMatches(withMls, parsed('du:2026-01-01'))).toBe(false);
    expect(entryMatches(withMls, parsed('chem'))).toBe(true);
    expect(entryMatches(withMls, parsed('neil'))).toBe(false);
    expect(entryMatches('not an entry', parsed('not'))).toBe(false);
  });
});
