import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsCalendar, utcStamp } from './icalendar.ts';

/** Unfolds content lines as a reader does (RFC 5545 §3.1): a CRLF followed by one space is removed. */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('iCalendar writer (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and new lines in TEXT', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolds to the same line', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}x`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toEqual([line]);
  });

  it('writes CRLF lines, UTC instants and local half-day times with their VTIMEZONE', () => {
    const text = icsCalendar({
      name: 'Tech, Schedule',
      refreshMinutes: 15,
      now: new Date('2026-11-23T10:00:00Z'),
      events: [
        { uid: 'shooting-1@test', sequence: 3, start: { instant: '2026-11-24T14:00:00.000Z' }, end: { instant: '2026-11-24T15:00:00.000Z' }, summary: 'A; B' },
        { uid: 'shooting-2@test', sequence: 1, start: { day: '2026-11-25', seconds: 8 * 3600 + 1800 }, end: { day: '2026-11-25', seconds: 12 * 3600 + 1800 }, summary: 'C' },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('X-WR-CALNAME:Tech\\, Schedule');
    expect(lines).toContain('DTSTART:20261124T140000Z');
    expect(lines).toContain('SUMMARY:A\\; B');
    expect(lines).toContain('DTSTART;TZID=America/Toronto:20261125T083000');
    expect(lines).toContain('DTEND;TZID=America/Toronto:20261125T123000');
    expect(lines).toContain('TZID:America/Toronto');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain(`DTSTAMP:${utcStamp('2026-11-23T10:00:00Z')}`);
  });
});
