/** Part 2: sizes in MB or GB (decimal units, as the operating systems the technicians use show them). */
export function formatSize(bytes: number, locale: string): string {
  const gb = bytes >= 1e9;
  const value = bytes / (gb ? 1e9 : 1e6);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 ? 2 : 1, minimumFractionDigits: 0 }).format(value);
  return `${number} ${gb ? 'GB' : 'MB'}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "in 89 days": the largest whole unit (a minute at least), rounded toward zero. */
export function relativeTime(targetMs: number, nowMs: number, locale: string): string {
  const diff = targetMs - nowMs;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  for (const [unit, ms] of UNITS) {
    const whole = Math.trunc(diff / ms);
    if (whole !== 0) return rtf.format(whole, unit);
  }
  return rtf.format(diff < 0 ? -0 : 0, 'minute');
}

/** Speed in MB/s. */
export function formatSpeed(bytesPerSecond: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytesPerSecond / 1e6)} MB/s`;
}

/** The local date YYYY-MM-DD (the date picker's default "today"). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
