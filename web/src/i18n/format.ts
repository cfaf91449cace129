import { BUSINESS_TIME_ZONE, dayStartMs } from '#shared/rules/business-time.ts';
import { formatSlotTime } from '#shared/rules/slots.ts';
import { formatNumber, languageOf, localeOf } from './numbers.ts';

/**
 * The web's one formatter (docs/decisions/0115-one-formatter-per-reader-language.md): dates, times,
 * numbers, money and sizes in the reader's language, for every area. `lng` is i18next's language
 * ('fr', 'en', 'fr-CA'…); days and times are Quebec's (the business's time zone).
 */
export { formatNumber, languageOf, localeOf, type Language } from './numbers.ts';

const cache = new Map<string, Intl.DateTimeFormat>();
function dates(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${localeOf(lng)}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(localeOf(lng), { timeZone: BUSINESS_TIME_ZONE, ...options });
    cache.set(key, found);
  }
  return found;
}

/** An instant given as ms, an ISO text, or a YYYY-MM-DD day (its local midnight). */
type When = number | string;
const instant = (when: When): number => (typeof when === 'number' ? when : /^\d{4}-\d{2}-\d{2}$/.test(when) ? dayStartMs(when) : Date.parse(when));

/** 'mardi 24 novembre 2026' / 'Tuesday, November 24, 2026'. */
export function formatDay(when: When, lng: string): string {
  return dates(lng, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant(when));
}

/** 'mar. 24 nov.' / 'Tue, Nov 24' (column headers). */
export function formatDayShort(when: When, lng: string): string {
  return dates(lng, { weekday: 'short', day: 'numeric', month: 'short' }).format(instant(when));
}

/** '24 nov. 2026' / 'Nov 24, 2026' (rows and documents that may span years). */
export function formatDate(when: When, lng: string): string {
  return dates(lng, { day: 'numeric', month: 'short', year: 'numeric' }).format(instant(when));
}

/** Full date with the time: 'mardi 24 novembre 2026 à 9 h 15' / 'Tuesday, November 24, 2026 at 9:15 a.m.'. */
export function formatDateTime(when: When, lng: string): string {
  return dates(lng, { dateStyle: 'full', timeStyle: 'short' }).format(instant(when));
}

/** Date and time in a table cell or a byline: '24 nov. 2026, 09 h 15' / 'Nov 24, 2026, 9:15 a.m.'. */
export function formatTimestamp(when: When, lng: string): string {
  return dates(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(instant(when));
}

/** The shortest date and time, for narrow columns: '2026-11-24 09 h 15' / '2026-11-24, 9:15 a.m.'. */
export function formatCompactTimestamp(when: When, lng: string): string {
  return dates(lng, { dateStyle: 'short', timeStyle: 'short' }).format(instant(when));
}

/** The time of day of an instant: '9 h 15' / '9:15 a.m.'. */
export function formatClock(when: When, lng: string): string {
  return dates(lng, { timeStyle: 'short' }).format(instant(when));
}

/**
 * A time of day given in seconds since midnight. French keeps the spec's notation ('8h30', '17h00');
 * English writes '8:30 a.m.', '5:00 p.m.'.
 */
export function formatTimeOfDay(secondsOfDay: number, lng: string): string {
  if (languageOf(lng) === 'fr') return formatSlotTime(secondsOfDay);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(secondsOfDay * 1000);
}

/** '8h30 - 12h30' / '8:30 a.m. – 12:30 p.m.'. */
export function formatTimeRange(startSeconds: number, endSeconds: number, lng: string): string {
  return languageOf(lng) === 'fr' ? `${formatTimeOfDay(startSeconds, lng)} - ${formatTimeOfDay(endSeconds, lng)}` : `${formatTimeOfDay(startSeconds, lng)} – ${formatTimeOfDay(endSeconds, lng)}`;
}


/** A percentage given in points (0 to 100), whole, as the reader writes it: '12 %' / '12%' (docs/decisions/0565). */
export function formatPercent(points: number, lng: string): string {
  return formatNumber(points / 100, lng, { style: 'percent', maximumFractionDigits: 0 });
}

/** Hours as the reader writes them: '1,5 h' / '1.5 h'. */
export function formatHours(hours: number, lng: string): string {
  return `${formatNumber(hours, lng)} h`;
}

/** A duration in seconds as the reader writes it: '35 min' in both languages; '1 h 05' in French, '1 hr 5 min' in English. */
export function formatDuration(seconds: number, lng: string): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (languageOf(lng) === 'fr') return `${hours} h ${String(rest).padStart(2, '0')}`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** '12,3 km' / '12.3 km'. */
export function formatKm(km: number, lng: string): string {
  return `${formatNumber(km, lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}

/** '12,50 $' / '$12.50'. */
export function formatMoney(amount: number, lng: string): string {
  return formatNumber(amount, lng, { style: 'currency', currency: 'CAD' });
}

/** Sizes in MB or GB, 'Mo' or 'Go' in French (decimal units, as the operating systems the technicians use show them). */
export function formatSize(bytes: number, lng: string): string {
  // Part 2: sizes read in MB or GB. Under 1 MB, two significant digits, so a small file never reads '0 MB' (0.0005 MB).
  if (bytes < 999_500) return `${formatNumber(bytes / 1e6, lng, { maximumSignificantDigits: 2 })}\u00a0${byteUnit('M', lng)}`;
  // From 999.95 MB on, the MB figure would round to '1,000 MB': GB.
  const gb = bytes >= 999_950_000;
  const value = bytes / (gb ? 1e9 : 1e6);
  return `${formatNumber(value, lng, { maximumFractionDigits: value < 10 ? 2 : 1, minimumFractionDigits: 0 })}\u00a0${byteUnit(gb ? 'G' : 'M', lng)}`;
}

/** Speed in MB/s ('Mo/s' in French). */
export function formatSpeed(bytesPerSecond: number, lng: string): string {
  return `${formatNumber(bytesPerSecond / 1e6, lng, { maximumFractionDigits: 1 })}\u00a0${byteUnit('M', lng)}/s`;
}

/** 'Côté, Lavoie et Roy' / 'Côté, Lavoie, and Roy'. */
export function formatList(items: readonly string[], lng: string): string {
  return new Intl.ListFormat(localeOf(lng), { type: 'conjunction' }).format(items);
}

/** French writes bytes as octets: Mo, Go. The unit stays on the number's line (a no-break space before it). */
const byteUnit = (prefix: 'M' | 'G', lng: string) => `${prefix}${languageOf(lng) === 'fr' ? 'o' : 'B'}`;

/** The browser's own date YYYY-MM-DD (a date picker's default "today" where the user is). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "3 hours ago", "in 89 days": the largest whole unit, rounded toward zero. Under a minute either
 * way, 'now' / 'maintenant' (a file just sent), not "0 minutes ago".
 */
export function relativeTime(targetMs: number, nowMs: number, lng: string): string {
  const diff = targetMs - nowMs;
  for (const [unit, ms] of UNITS) {
    const whole = Math.trunc(diff / ms);
    if (whole !== 0) return new Intl.RelativeTimeFormat(localeOf(lng), { numeric: 'always' }).format(whole, unit);
  }
  return new Intl.RelativeTimeFormat(localeOf(lng), { numeric: 'auto' }).format(0, 'second');
}
