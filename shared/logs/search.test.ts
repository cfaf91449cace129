import { describe, expect, it } from 'vitest';
import { daysOf, logSearchMessage, matchesLogSearch, parseLogSearch, tokenize, type LogSearch } from './search.ts';

const TODAY = '2026-11-22';
const parsed = (text: string): LogSearch => {
  const result = parseLogSearch(text, TODAY);
  if (!result.ok) throw new Error(`expected ${text} to parse: ${logSearchMessage(result.error)}`);
  return result.search;
};
const errorOf = (text: string) => {
  const result = parseLogSearch(text, TODAY);
  if (result.ok) throw new Error(`expected ${text} to be refused`);
  return result.error;
};

describe('request-log search syntax', () => {
  it('defaults to today with no filter', () => {
    expect(parsed('')).toEqual({ from: TODAY, to: TODAY, text: { path: [], logs: [], query: [], params: [], body: [], user: [] } });
  });

  it('reads every keyword of the spec', () => {
    const s = parsed('method:post du:2026-11-01 au:2026-11-20 status:500 uid:42 time:>250 logs:Timeout query:q params:7 body:"rue Saint-Denis" user:Sophie /api/tickets');
    expect(s).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      method: 'POST',
      status: 500,
      uid: 42,
      time: { op: '>', ms: 250 },
      text: { path: ['/api/tickets'], logs: ['timeout'], query: ['q'], params: ['7'], body: ['rue saint-denis'], user: ['sophie'] },
    });
    expect(parsed('date:2026-10-03')).toMatchObject({ from: '2026-10-03', to: '2026-10-03' });
    expect(parsed('time:100').time).toEqual({ op: '>=', ms: 100 });
    expect(parsed('TIME:<=20 Method:get').time).toEqual({ op: '<=', ms: 20 });
  });

  it('takes an open range up to today, or a single day when it lies after today', () => {
    expect(parsed('du:2026-11-15')).toMatchObject({ from: '2026-11-15', to: TODAY });
    expect(parsed('au:2026-11-15')).toMatchObject({ from: '2026-11-15', to: '2026-11-15' });
    expect(parsed('du:2026-11-30')).toMatchObject({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('says what is wrong with a bad query', () => {
    expect(errorOf('foo:bar')).toEqual({ code: 'unknownKeyword', word: 'foo' });
    expect(errorOf('status:5xx')).toEqual({ code: 'badStatus', word: 'status' });
    expect(errorOf('status:600')).toEqual({ code: 'badStatus', word: 'status' });
    expect(errorOf('status:')).toEqual({ code: 'emptyValue', word: 'status' });
    expect(errorOf('du:2026-02-30')).toEqual({ code: 'badDate', word: 'du' });
    expect(errorOf('au:2026-1-5')).toEqual({ code: 'badDate', word: 'au' });
    expect(errorOf('date:2026-11-01 du:2026-10-01')).toEqual({ code: 'dateWithRange' });
    expect(errorOf('du:2026-11-20 au:2026-11-01')).toEqual({ code: 'reversedRange' });
    expect(errorOf('du:2026-01-01 au:2026-11-01')).toEqual({ code: 'rangeTooWide' });
    expect(errorOf('method:FETCH')).toEqual({ code: 'badMethod', word: 'method' });
    expect(errorOf('uid:0')).toEqual({ code: 'badUid', word: 'uid' });
    expect(errorOf('uid:abc')).toEqual({ code: 'badUid', word: 'uid' });
    expect(errorOf('time:>>5')).toEqual({ code: 'badTime', word: 'time' });
    expect(errorOf('status:200 status:500')).toEqual({ code: 'repeated', word: 'status' });
    expect(errorOf('body:"open')).toEqual({ code: 'unclosedQuote' });
    expect(errorOf('x'.repeat(501))).toEqual({ code: 'tooLong' });
    expect(errorOf(Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '))).toEqual({ code: 'tooManyWords' });
    expect(logSearchMessage({ code: 'unknownKeyword', word: 'foo' })).toMatch(/Unknown keyword "foo:"/);
  });

  it('tells a real date out of range from a malformed one, and says which range', () => {
    expect(errorOf('du:1900-01-01')).toEqual({ code: 'dateOutOfRange', word: 'du' });
    expect(errorOf('date:9999-12-31')).toEqual({ code: 'dateOutOfRange', word: 'date' });
    expect(errorOf('au:2100-01-01')).toEqual({ code: 'dateOutOfRange', word: 'au' });
    // A year under 100 is a real year, out of range (not read as 1950).
    expect(errorOf('du:0050-01-01')).toEqual({ code: 'dateOutOfRange', word: 'du' });
    expect(errorOf('du:0050-02-29')).toEqual({ code: 'badDate', word: 'du' });
    expect(errorOf('date:1900-02-29')).toEqual({ code: 'badDate', word: 'date' });
    expect(errorOf('date:9999-99-99')).toEqual({ code: 'badDate', word: 'date' });
    expect(parsed('date:2000-01-01')).toMatchObject({ from: '2000-01-01', to: '2000-01-01' });
    expect(logSearchMessage({ code: 'dateOutOfRange', word: 'du' })).toBe('"du:" takes a date between 2000-01-01 and 2099-12-31.');
    expect(logSearchMessage({ code: 'badDate', word: 'du' })).toBe('"du:" takes a date YYYY-MM-DD.');
  });

  it('splits words on spaces outside double quotes', () => {
    expect(tokenize('  a  b:"c d"  "e f" ')).toEqual(['a', 'b:c d', 'e f']);
    expect(tokenize('body:""')).toEqual(['body:']);
  });

  it('lists the days of a range', () => {
    expect(daysOf('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('matches records on every filter', () => {
    const record = {
      path: '/api/tickets/12',
      method: 'POST',
      response_status: 500,
      request_time: 320,
      user: { id: 42, email: 'sophie@demo.immo.test' },
      params: { id: '12' },
      query: {},
      body: { description: 'Rue Saint-Denis' },
      logs: [['error', 'Timeout after 5 s']],
    };
    expect(matchesLogSearch(record, parsed('method:post status:500 uid:42 time:>300 tickets logs:timeout body:saint user:SOPHIE params:12'))).toBe(true);
    expect(matchesLogSearch(record, parsed('status:200'))).toBe(false);
    expect(matchesLogSearch(record, parsed('time:<300'))).toBe(false);
    expect(matchesLogSearch(record, parsed('uid:7'))).toBe(false);
    expect(matchesLogSearch(record, parsed('logs:nothing'))).toBe(false);
    expect(matchesLogSearch(record, parsed('/api/users'))).toBe(false);
    expect(matchesLogSearch({ ...record, user: null }, parsed('user:sophie'))).toBe(false);
  });
});
