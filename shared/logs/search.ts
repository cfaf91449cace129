/**
 * The search syntax of the request-log viewer and the analytics page (part 3 §5 keywords: method,
 * du, au, date, status, uid, time, logs, query, params, body, user), parsed the same way by the
 * server (a bad query answers 400 saying what is wrong) and by the screen (which says it in the
 * user's language before sending). Pure: no I/O. ADR 0231.
 *
 *   words separated by spaces; `keyword:value`; a value with spaces in double quotes
 *   du:2026-11-01 au:2026-11-22   a range of Quebec days (inclusive; default: today only)
 *   date:2026-11-22               one day (not with du/au)
 *   method:POST  status:500  uid:42
 *   time:>500  time:<=20  time:100 (= at least 100 ms; operators > >= < <= =)
 *   logs:text query:text params:text body:text user:text   the field's JSON contains the text
 *   any other word                the path contains it
 */
import { DATE_MAX, DATE_MIN, isCalendarDate, isRealDay } from '../rules/business-time.ts';

export const LOG_KEYWORDS = ['method', 'du', 'au', 'date', 'status', 'uid', 'time', 'logs', 'query', 'params', 'body', 'user'] as const;
export type LogKeyword = (typeof LOG_KEYWORDS)[number];

/** The text filters: the record field whose JSON must contain the text ('path' for plain words). */
export const TEXT_FIELDS = ['path', 'logs', 'query', 'params', 'body', 'user'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const LOG_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
export const TIME_OPERATORS = ['>=', '<=', '>', '<', '='] as const;
export type TimeOperator = (typeof TIME_OPERATORS)[number];

/** The longest search text, the most words, and the widest range of days (the logs are kept 90 days). */
export const LOG_SEARCH_LIMITS = { length: 500, words: 20, days: 92 } as const;

export interface LogSearch {
  /** First and last Quebec day, inclusive. */
  from: string;
  to: string;
  method?: (typeof LOG_METHODS)[number];
  status?: number;
  uid?: number;
  time?: { op: TimeOperator; ms: number };
  /** Lower-cased texts each field's JSON must contain (all of them). */
  text: Record<TextField, string[]>;
}

export const LOG_SEARCH_ERROR_CODES = [
  'tooLong',
  'tooManyWords',
  'unclosedQuote',
  'unknownKeyword',
  'emptyValue',
  'repeated',
  'badDate',
  'dateOutOfRange',
  'dateWithRange',
  'reversedRange',
  'rangeTooWide',
  'badMethod',
  'badStatus',
  'badUid',
  'badTime',
] as const;
export type LogSearchErrorCode = (typeof LOG_SEARCH_ERROR_CODES)[number];

export interface LogSearchError {
  code: LogSearchErrorCode;
  /** The keyword or word at fault, when there is one. */
  word?: string;
}

/**
 * A refused search as the API's 400 carries it in `details`, so the screen says it in its own
 * language: a parser error, or the charts' 'days only'.
 */
export type LogSearchRefusal = LogSearchError | { code: 'chartsDaysOnly' };

const REFUSAL_CODES: ReadonlySet<string> = new Set([...LOG_SEARCH_ERROR_CODES, 'chartsDaysOnly']);

/** The refusal in a 400's `details`, if it is one (the details arrive unparsed). */
export function asLogSearchRefusal(details: unknown): LogSearchRefusal | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const { code, word } = details as { code?: unknown; word?: unknown };
  if (typeof code !== 'string' || !REFUSAL_CODES.has(code) || (word !== undefined && typeof word !== 'string')) return undefined;
  return (word === undefined ? { code } : { code, word }) as LogSearchRefusal;
}

export type LogSearchResult = { ok: true; search: LogSearch } | { ok: false; error: LogSearchError };

/** The error in plain English (the API's 400 message; the screen shows its own translation of `code`). */
export function logSearchMessage(error: LogSearchError): string {
  const w = error.word ?? '';
  switch (error.code) {
    case 'tooLong':
      return `The search is longer than ${LOG_SEARCH_LIMITS.length} characters.`;
    case 'tooManyWords':
      return `The search has more than ${LOG_SEARCH_LIMITS.words} words.`;
    case 'unclosedQuote':
      return 'A double quote is not closed.';
    case 'unknownKeyword':
      return `Unknown keyword "${w}:"; the keywords are ${LOG_KEYWORDS.join(', ')}.`;
    case 'emptyValue':
      return `"${w}:" needs a value.`;
    case 'repeated':
      return `"${w}:" is given twice.`;
    case 'badDate':
      return `"${w}:" takes a date YYYY-MM-DD.`;
    case 'dateOutOfRange':
      return `"${w}:" takes a date between ${DATE_MIN} and ${DATE_MAX}.`;
    case 'dateWithRange':
      return '"date:" cannot be combined with "du:" or "au:".';
    case 'reversedRange':
      return '"du:" is after "au:".';
    case 'rangeTooWide':
      return `A search covers at most ${LOG_SEARCH_LIMITS.days} days.`;
    case 'badMethod':
      return `"method:" takes one of ${LOG_METHODS.join(', ')}.`;
    case 'badStatus':
      return '"status:" takes an HTTP status code between 100 and 599.';
    case 'badUid':
      return '"uid:" takes a user id (a positive whole number).';
    case 'badTime':
      return '"time:" takes milliseconds, optionally after >, >=, <, <= or = (time:>500).';
  }
}

/** Splits on spaces, keeping double-quoted parts together (quotes removed); undefined on an open quote. */
export function tokenize(text: string): string[] | undefined {
  const words: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (const ch of text) {
    if (ch === '"') {
      quoted = !quoted;
      started = true;
    } else if (/\s/.test(ch) && !quoted) {
      if (started) words.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quoted) return undefined;
  if (started) words.push(current);
  return words;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** Parses a search; `today` is the Quebec day the default range and the range checks use. */
export function parseLogSearch(input: string, today: string): LogSearchResult {
  const fail = (code: LogSearchErrorCode, word?: string): LogSearchResult => ({ ok: false, error: word === undefined ? { code } : { code, word } });
  if (input.length > LOG_SEARCH_LIMITS.length) return fail('tooLong');
  const words = tokenize(input);
  if (!words) return fail('unclosedQuote');
  if (words.length > LOG_SEARCH_LIMITS.words) return fail('tooManyWords');

  const text: Record<TextField, string[]> = { path: [], logs: [], query: [], params: [], body: [], user: [] };
  const seen = new Set<string>();
  const search: Omit<LogSearch, 'from' | 'to' | 'text'> = {};
  let du: string | undefined;
  let au: string | undefined;
  let date: string | undefined;

  for (const word of words) {
    const match = /^([A-Za-z]+):(.*)$/s.exec(word);
    if (!match) {
      if (word) text.path.push(word.toLowerCase());
      continue;
    }
    const keyword = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (!(LOG_KEYWORDS as readonly string[]).includes(keyword)) return fail('unknownKeyword', keyword);
    if (!value) return fail('emptyValue', keyword);
    const k = keyword as LogKeyword;
    if ((TEXT_FIELDS as readonly string[]).includes(k)) {
      text[k as TextField].push(value.toLowerCase());
      continue;
    }
    if (seen.has(k)) return fail('repeated', k);
    seen.add(k);
    switch (k) {
      case 'du':
      case 'au':
      case 'date': {
        if (!isCalendarDate(value)) return fail(isRealDay(value) ? 'dateOutOfRange' : 'badDate', k);
        if (k === 'du') du = value;
        else if (k === 'au') au = value;
        else date = value;
        break;
      }
      case 'method': {
        const method = value.toUpperCase();
        if (!(LOG_METHODS as readonly string[]).includes(method)) return fail('badMethod', k);
        search.method = method as LogSearch['method'];
        break;
      }
      case 'status': {
        if (!/^[1-5]\d\d$/.test(value)) return fail('badStatus', k);
        search.status = Number(value);
        break;
      }
      case 'uid': {
        if (!/^\d{1,12}$/.test(value) || Number(value) === 0) return fail('badUid', k);
        search.uid = Number(value);
        break;
      }
      case 'time': {
        const t = /^(>=|<=|>|<|=)?(\d{1,9})$/.exec(value);
        if (!t) return fail('badTime', k);
        search.time = { op: (t[1] as TimeOperator | undefined) ?? '>=', ms: Number(t[2]) };
        break;
      }
    }
  }

  if (date && (du || au)) return fail('dateWithRange');
  const from = date ?? du ?? (au && dayNumber(au) < dayNumber(today) ? au : today);
  const to = date ?? au ?? (du && dayNumber(du) > dayNumber(today) ? du : today);
  if (dayNumber(from) > dayNumber(to)) return fail('reversedRange');
  if (dayNumber(to) - dayNumber(from) + 1 > LOG_SEARCH_LIMITS.days) return fail('rangeTooWide');
  return { ok: true, search: { ...search, from, to, text } };
}

/** The days of a range, first to last. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(new Date(n * DAY_MS).toISOString().slice(0, 10));
  return out;
}

const compare = (ms: number, { op, ms: limit }: NonNullable<LogSearch['time']>) =>
  op === '>' ? ms > limit : op === '>=' ? ms >= limit : op === '<' ? ms < limit : op === '<=' ? ms <= limit : ms === limit;

/** The fields of a stored record the filters look at. */
export interface FilterableLog {
  path: string;
  method: string;
  response_status: number;
  request_time: number;
  user?: { id: number; email: string } | null;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  logs?: unknown;
}

/** Whether a record matches every filter of a search but the date range (the reads bound the days). */
export function matchesLogSearch(record: FilterableLog, search: LogSearch): boolean {
  if (search.method && record.method.toUpperCase() !== search.method) return false;
  if (search.status !== undefined && record.response_status !== search.status) return false;
  if (search.uid !== undefined && record.user?.id !== search.uid) return false;
  if (search.time && !compare(record.request_time, search.time)) return false;
  for (const field of TEXT_FIELDS) {
    const wanted = search.text[field];
    if (wanted.length === 0) continue;
    const value = field === 'path' ? record.path : JSON.stringify(record[field] ?? null);
    const haystack = value.toLowerCase();
    if (!wanted.every((w) => haystack.includes(w))) return false;
  }
  return true;
}
