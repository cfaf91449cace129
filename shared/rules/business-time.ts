/**
 * Business time, the one home of local dates (ADR 0121): Quebec's time zone, local days
 * (YYYY-MM-DD) and their instants, half-days, and the range of days the product accepts. Pure, no
 * schema: the web's formatters, the server's rules and the planner all use it; the catalogue's
 * date schemas (shared/catalogue/dates.ts) are built on it.
 */
import { SLOT_HOURS } from './slots.ts';
import { once } from '../once.ts';

/** Dates of the business: Quebec local time (ARCHITECTURE: the business is in Quebec). */
export const BUSINESS_TIME_ZONE = 'America/Toronto';

/** The first and last day any date input may name. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';
/** The same range as instants (a day of slack either side for the time zone). */
export const EPOCH_MS_MIN = Date.UTC(1999, 11, 31);
export const EPOCH_MS_MAX = Date.UTC(2100, 0, 2);

export const DATE_MESSAGES = {
  calendarDate: `Expected a real date YYYY-MM-DD between ${DATE_MIN} and ${DATE_MAX}.`,
  dateTime: `Expected an ISO date-time with its offset, between ${DATE_MIN} and ${DATE_MAX}.`,
  dayInput: `Expected a timestamp (ms) or an ISO date between ${DATE_MIN} and ${DATE_MAX}.`,
} as const;

const dateFormat = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));
const partsFormat = once(() => new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
}));

/** YYYY-MM-DD of an instant, in Quebec. */
export function localDateOf(ms: number): string {
  return dateFormat().format(ms);
}

/** The hour (0-23) of an instant on Quebec's clock. */
export function localHourOf(ms: number): number {
  return Number(partsFormat().formatToParts(ms).find((x) => x.type === 'hour')!.value) % 24;
}

/** Local time minus UTC at an instant, in ms. */
function offsetMs(ms: number): number {
  const p = Object.fromEntries(partsFormat().formatToParts(ms).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return asUtc - (ms - (ms % 1000));
}

/** An instant's reading on Quebec's clock, as [year, month (0-11), day, hour, minute, second, ms]. */
export function localClockOf(ms: number): number[] {
  const d = new Date(ms + offsetMs(ms));
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()];
}

/** Quebec's offset from UTC in minutes (-300 in winter, -240 in summer) at a reading of its clock, [year, month (0-11), day, hour…]. */
export function localOffsetMinutesAt(clock: readonly number[]): number {
  const [y = 1970, mo = 0, d = 1, h = 0, mi = 0, s = 0, ms = 0] = clock;
  const wall = Date.UTC(y, mo, d, h, mi, s, ms);
  const instant = wall - offsetMs(wall - offsetMs(wall));
  return (wall - instant) / 60_000;
}

/** The instant (ms) of local midnight of a YYYY-MM-DD day: the `date_in_ts` of its time slots. */
export function dayStartMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetMs(guess);
  return guess - offsetMs(first);
}

/** The instant (ms) of a local time of day, `seconds` after local midnight of `date` (the planner's times), across a DST change too. */
export function localTimeMs(date: string, seconds: number): number {
  const midnight = dayStartMs(date);
  const guess = midnight + seconds * 1000;
  return guess + offsetMs(midnight) - offsetMs(guess);
}

/**
 * The inverse of localTimeMs: the seconds an instant reads on Quebec's clock after local midnight of
 * `date` (the planner's times), across a DST change too: 10:00 is 36 000 on the days the clocks
 * change as on any other, though 9 or 11 hours have passed since midnight. Negative before the day,
 * 86 400 at the next midnight and more after it.
 */
export function localSecondsOf(date: string, ms: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (ms + offsetMs(ms) - Date.UTC(y, m - 1, d)) / 1000;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a YYYY-MM-DD names a day that exists (no 2026-02-30, no month 99), whatever its year. */
export function isRealDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const utc = new Date(new Date(0).setUTCFullYear(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

/** Whether a string is a day that exists within [DATE_MIN, DATE_MAX]. */
export function isCalendarDate(value: string): boolean {
  return isRealDay(value) && value >= DATE_MIN && value <= DATE_MAX;
}

/** Whether a half-day's window has already started at `now` (no booking into the past), by the wall clock on clock-change days too. */
export function halfDayStarted(date: string, am: boolean, now = Date.now()): boolean {
  return localTimeMs(date, am ? SLOT_HOURS.am.start : SLOT_HOURS.pm.start) <= now;
}
