import { isCalendarDate } from './business-time.ts';
import { foldText } from './fold-text.ts';

/**
 * The listing search string (part 3 §2 "Listing search"): free words plus the commands
 * 'mls:null du:{date} au:{date}'. Words match the start of a word of the listing's id, address,
 * apartment, city, postal code, MLS or broker name, accents and case ignored; every word must match
 * (docs/decisions/0200-listing-search-tokens.md). The server parses the same way the screen shows.
 */
export interface ListingSearch {
  /** Normalised words (lower case, no accents), each matched as a word prefix. */
  words: string[];
  /** 'mls:null': only listings without an MLS number. */
  mlsNull: boolean;
  /** 'du:' / 'au:': shooting date on or after / on or before (YYYY-MM-DD). */
  from: string | null;
  to: string | null;
}

export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_WORDS = 8;

export const SEARCH_MESSAGES = {
  unknownCommand: "Unknown command. The commands are mls:null, du:{date} and au:{date}.",
  mlsNull: 'The MLS command is mls:null.',
  date: 'A date command is du:YYYY-MM-DD or au:YYYY-MM-DD, with a real day.',
  twice: 'Each command may be given once.',
  range: 'du: must be on or before au:.',
  tooManyWords: `At most ${SEARCH_MAX_WORDS} words.`,
} as const;

/** The words of a text: runs of letters and digits, normalised. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const COMMANDS = new Set(['mls', 'du', 'au']);

/** Parses a search string; an error names what is wrong (the catalogue answers it as a field error). */
export function parseListingSearch(input: string): { ok: true; search: ListingSearch } | { ok: false; message: string } {
  const search: ListingSearch = { words: [], mlsNull: false, from: null, to: null };
  const seen = new Set<string>();
  for (const part of input.trim().split(/\s+/).filter(Boolean)) {
    const command = /^([^:]*):(.*)$/.exec(part);
    const name = command?.[1]?.toLowerCase() ?? '';
    const value = command?.[2] ?? '';
    // A word followed by a colon and nothing ('Québec:') is text, not a command; 'mls:' and 'du:' still are.
    if (!command || (value === '' && !COMMANDS.has(name))) {
      search.words.push(...wordsOf(part));
      continue;
    }
    if (seen.has(name)) return { ok: false, message: SEARCH_MESSAGES.twice };
    seen.add(name);
    if (name === 'mls') {
      if (value.toLowerCase() !== 'null') return { ok: false, message: SEARCH_MESSAGES.mlsNull };
      search.mlsNull = true;
    } else if (name === 'du' || name === 'au') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDate(value)) return { ok: false, message: SEARCH_MESSAGES.date };
      search[name === 'du' ? 'from' : 'to'] = value;
    } else {
      return { ok: false, message: SEARCH_MESSAGES.unknownCommand };
    }
  }
  if (search.from && search.to && search.from > search.to) return { ok: false, message: SEARCH_MESSAGES.range };
  search.words = [...new Set(search.words)];
  if (search.words.length > SEARCH_MAX_WORDS) return { ok: false, message: SEARCH_MESSAGES.tooManyWords };
  return { ok: true, search };
}

/** Whether a listing's indexed words hold every searched word as a prefix of one of them. */
export function matchesWords(listingWords: readonly string[], searched: readonly string[]): boolean {
  return searched.every((w) => listingWords.some((lw) => lw.startsWith(w)));
}

/** The columns of a listing search row (part 3 screen 2). */
export interface SearchRow {
  id: number;
  address: string;
  app: string;
  city: string;
  postalcode: string;
  mls: string | null;
  broker_id: number;
  broker: { firstname: string; lastname: string };
  shootingdate: string | null;
}

/** Digits of an entry's sequence number: entries of one listing compare as strings in write order. */
const SEQ_DIGITS = 12;
const seqText = (seq: number) => String(seq).padStart(SEQ_DIGITS, '0');

/**
 * A listing's search entry (ADRs 0300, 0345): what a search checks AND shows without reading the
 * listing, in one string: the listing's search sequence number (zero-padded: a later write of the
 * listing compares greater as a string), 'n' when it has no MLS, its shooting date, its words, then
 * its row's other columns as JSON ('000000000003|n|2026-03-10|85 avenue laval|["85 avenue Laval",…]').
 */
export function searchEntry(seq: number, words: readonly string[], row: SearchRow): string {
  const columns = [row.address, row.app, row.city, row.postalcode, row.mls, row.broker_id, row.broker.firstname, row.broker.lastname];
  return `${seqText(seq)}|${row.mls ? '' : 'n'}|${row.shootingdate ?? ''}|${words.join(' ')}|${JSON.stringify(columns)}`;
}

/** What a listing no longer has under a word it lost, at this sequence number (an older write never brings it back). */
export function searchTombstone(seq: number): string {
  return `${seqText(seq)}|-`;
}

/** An entry without its sequence number: what the listing shows and is found by. */
export function entryContent(entry: string): string {
  return entry.slice(SEQ_DIGITS + 1);
}

/** The four separators of an entry (-1 when missing: a tombstone or not an entry). */
function separators(entry: string): [number, number, number, number] {
  const a = entry.indexOf('|');
  const b = a < 0 ? -1 : entry.indexOf('|', a + 1);
  const c = b < 0 ? -1 : entry.indexOf('|', b + 1);
  const d = c < 0 ? -1 : entry.indexOf('|', c + 1);
  return [a, b, c, d];
}

/** Whether a listing's search entry holds every searched word and passes the commands. */
export function entryMatches(entry: string, search: ListingSearch): boolean {
  const [seqEnd, first, second, third] = separators(entry);
  if (third < 0 || seqEnd !== SEQ_DIGITS) return false;
  if (search.mlsNull && first === seqEnd + 1) return false;
  const date = entry.slice(first + 1, second);
  if (search.from && !(date && date >= search.from)) return false;
  if (search.to && !(date && date <= search.to)) return false;
  return !search.words.length || matchesWords(entry.slice(second + 1, third).split(' '), search.words);
}

/** The row an entry shows (undefined for a tombstone or anything not an entry). */
export function entryRow(id: number, entry: string): SearchRow | undefined {
  const [, first, second, third] = separators(entry);
  if (third < 0) return undefined;
  const [address, app, city, postalcode, mls, broker_id, firstname, lastname] = JSON.parse(entry.slice(third + 1)) as [string, string, string, string, string | null, number, string, string];
  const date = entry.slice(first + 1, second);
  return { id, address, app, city, postalcode, mls, broker_id, broker: { firstname, lastname }, shootingdate: date || null };
}

/**
 * The searched word that drives the index query: digits first (civic numbers, MLS, ids and postal
 * codes are the most selective), then the longest word.
 */
export function drivingWord(words: readonly string[]): string | undefined {
  const score = (w: string) => (/\d/.test(w) ? 1000 : 0) + w.length;
  return [...words].sort((a, b) => score(b) - score(a))[0];
}

/** Part 3 §9: completed-visit % = views / (photos × sessions) × 100, rounded; 0 without sessions or photos. */
export function completedPercent(views: number, photos: number, sessions: number): number {
  return photos > 0 && sessions > 0 ? Math.round((views / (photos * sessions)) * 100) : 0;
}

/** Part 3 §9: average duration = avg_time / 60, in minutes (avg_time in seconds per session). */
export function averageMinutes(totalSeconds: number, sessions: number): number {
  return sessions > 0 ? totalSeconds / sessions / 60 : 0;
}
