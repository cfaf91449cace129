import { BUSINESS_TIME_ZONE } from '#shared/rules/business-time.ts';

/**
 * A small iCalendar writer (RFC 5545) for the technicians' schedule feed (docs/decisions/0190):
 * CRLF line ends, lines folded at 75 octets (never inside a UTF-8 character), TEXT values escaped
 * (backslash, semicolon, comma, new line). Instants are written in UTC (`…Z`); times of a business
 * day (a half-day window) as local times with TZID=America/Toronto, whose VTIMEZONE is included.
 */

/** An instant (ISO 8601), or a time of a business day (YYYY-MM-DD + seconds since local midnight). */
export type IcsTime = { instant: string } | { day: string; seconds: number };

export interface IcsEvent {
  /** Stable across feeds: a calendar application updates the event it already has. */
  uid: string;
  /** Grows with every change of the event. */
  sequence: number;
  start: IcsTime;
  end: IcsTime;
  summary: string;
  location?: string;
  description?: string;
  geo?: { lat: number; lng: number };
  status?: 'CONFIRMED' | 'TENTATIVE';
  lastModified?: string;
}

export interface IcsCalendar {
  /** The calendar's name in the subscriber's application. */
  name: string;
  events: readonly IcsEvent[];
  /** How often a subscriber should read the feed again (RFC 7986 REFRESH-INTERVAL). */
  refreshMinutes: number;
  now?: Date;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per physical line, continuation lines start with a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** 2026-11-23T13:30:00.000Z → 20261123T133000Z */
export function utcStamp(iso: string | Date): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function timeProperty(name: 'DTSTART' | 'DTEND', time: IcsTime): string {
  if ('instant' in time) return `${name}:${utcStamp(time.instant)}`;
  const h = Math.floor(time.seconds / 3600);
  const m = Math.floor((time.seconds % 3600) / 60);
  const s = time.seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${name};TZID=${BUSINESS_TIME_ZONE}:${time.day.replace(/-/g, '')}T${two(h)}${two(m)}${two(s)}`;
}

/** America/Toronto since 2007: EDT from the second Sunday of March, EST from the first Sunday of November. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(e: IcsEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp}`,
    `SEQUENCE:${e.sequence}`,
    timeProperty('DTSTART', e.start),
    timeProperty('DTEND', e.end),
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.geo ? [`GEO:${e.geo.lat.toFixed(6)};${e.geo.lng.toFixed(6)}`] : []),
    ...(e.status ? [`STATUS:${e.status}`] : []),
    ...(e.lastModified ? [`LAST-MODIFIED:${utcStamp(e.lastModified)}`] : []),
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole calendar object, CRLF-terminated. */
export function icsCalendar({ name, events, refreshMinutes, now = new Date() }: IcsCalendar): string {
  const stamp = utcStamp(now);
  const usesLocalTime = events.some((e) => !('instant' in e.start) || !('instant' in e.end));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Immo Media//Technician schedule//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${refreshMinutes}M`,
    ...(usesLocalTime ? VTIMEZONE : []),
    ...events.flatMap((e) => eventLines(e, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
