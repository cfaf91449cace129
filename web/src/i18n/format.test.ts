import { describe, expect, it } from 'vitest';
import { SLOT_HOURS } from '#shared/rules/slots.ts';
import {
  formatCompactTimestamp,
  formatDate,
  formatDay,
  formatDuration,
  formatHours,
  formatKm,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSize,
  formatSpeed,
  formatTimeRange,
  formatTimestamp,
  languageOf,
  localToday,
  relativeTime,
} from './format.ts';

describe('the web formatter follows the reader language', () => {
  it('writes slot hours in French notation in French, clock notation in English', () => {
    expect(formatTimeRange(SLOT_HOURS.am.start, SLOT_HOURS.am.end, 'fr')).toBe('8h30 - 12h30');
    expect(formatTimeRange(SLOT_HOURS.pm.start, SLOT_HOURS.pm.end, 'fr-CA')).toBe('12h30 - 17h00');
    const en = formatTimeRange(SLOT_HOURS.pm.start, SLOT_HOURS.pm.end, 'en');
    expect(en).toMatch(/^12:30\sp\.m\. – 5:00\sp\.m\.$/);
    expect(en).not.toMatch(/\dh\d/);
  });

  it('writes days and timestamps in Quebec time, in the reader language', () => {
    expect(formatDay('2026-11-24', 'fr')).toBe('mardi 24 novembre 2026');
    expect(formatDay('2026-11-24', 'en')).toBe('Tuesday, November 24, 2026');
    expect(formatDate('2026-11-24', 'fr')).toBe('24 nov. 2026');
    expect(formatDate('2026-11-24', 'en')).toBe('Nov 24, 2026');
    const at = '2026-11-24T14:15:00Z'; // 9:15 in Quebec
    expect(formatTimestamp(at, 'en')).toMatch(/Nov\.? 24, 2026, 9:15\sa\.m\./);
    expect(formatTimestamp(at, 'fr')).toMatch(/24 nov\.? 2026, 9\sh\s15|24 nov\.? 2026 09\sh\s15|24 nov\.? 2026, 09\sh\s15/);
    expect(formatCompactTimestamp(at, 'en')).toMatch(/^2026-11-24, 9:15\sa\.m\.$/);
    expect(formatCompactTimestamp(at, 'fr')).toMatch(/^2026-11-24,? 09?\sh\s15$/);
  });

  it('writes numbers, money and sizes with the reader separators', () => {
    expect(formatKm(12.34, 'en')).toBe('12.3 km');
    expect(formatKm(12.34, 'fr')).toMatch(/^12,3\skm$/);
    expect(formatMoney(12.5, 'en')).toBe('$12.50');
    expect(formatMoney(12.5, 'fr')).toMatch(/^12,50\s\$$/);
    expect(formatSize(12_582_912, 'en')).toBe('12.6\u00a0MB');
    // Part 2: MB or GB only; a small file never reads '0 MB'. The unit never goes to the next line alone.
    expect(formatSize(200_000, 'en')).toBe('0.2\u00a0MB');
    expect(formatSize(0, 'en')).toBe('0\u00a0MB');
    expect(formatSize(512, 'en')).toBe('0.00051\u00a0MB');
    expect(formatSize(512, 'fr')).toBe('0,00051\u00a0Mo');
    expect(formatSize(48_213, 'fr')).toBe('0,048\u00a0Mo');
    expect(formatSize(999_499, 'en')).toBe('1\u00a0MB');
    expect(formatSize(999_500, 'en')).toBe('1\u00a0MB');
    expect(formatSize(2_147_483_648, 'en')).toBe('2.15\u00a0GB');
    expect(formatSize(999_949_999, 'en')).toBe('999.9\u00a0MB');
    expect(formatSize(999_960_000, 'en')).toBe('1\u00a0GB');
    expect(formatSize(2_147_483_648, 'fr')).toBe('2,15\u00a0Go');
    expect(formatSize(12_582_912, 'fr')).toBe('12,6\u00a0Mo');
    expect(formatSpeed(8_400_000, 'fr')).toBe('8,4\u00a0Mo/s');
    expect(formatSpeed(8_400_000, 'en')).toBe('8.4\u00a0MB/s');
  });

  it('writes percentages and counts as the reader does', () => {
    expect(formatPercent(50, 'en')).toBe('50%');
    expect(formatPercent(50, 'fr')).toMatch(/^50\s%$/);
    expect(formatPercent(12.6, 'en')).toBe('13%');
    expect(formatNumber(13245, 'en')).toBe('13,245');
    expect(formatNumber(13245, 'fr')).toMatch(/^13\s245$/);
  });

  it('writes hours with the reader separator and durations in minutes, then hours', () => {
    expect(formatHours(1.5, 'fr')).toBe('1,5 h');
    expect(formatHours(1.5, 'en')).toBe('1.5 h');
    expect(formatHours(2, 'fr')).toBe('2 h');
    expect(formatDuration(0, 'fr')).toBe('0 min');
    expect(formatDuration(35 * 60, 'en')).toBe('35 min');
    expect(formatDuration(3900, 'fr')).toBe('1 h 05');
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(7200, 'fr')).toBe('2 h 00');
    expect(formatDuration(7200, 'en')).toBe('2 hr');
  });

  it("gives the browser's own date", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('says how long ago and how long until', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime(now - 3 * 3_600_000 - 5, now, 'en')).toBe('3 hours ago');
    expect(relativeTime(now + 90 * 86_400_000 - 60_000, now, 'en')).toBe('in 89 days');
    expect(relativeTime(now - 3 * 3_600_000, now, 'fr')).toBe('il y a 3 heures');
    expect(relativeTime(now - 2 * 86_400_000, now, 'en')).toBe('2 days ago');
  });

  it("says 'now' under a minute either way, in the language given, and counts minutes from a minute on", () => {
    const now = Date.parse('2026-11-24T15:00:00Z');
    for (const offset of [0, -10_000, -59_999, 5_000, 59_999]) {
      expect(relativeTime(now + offset, now, 'en')).toBe('now');
      expect(relativeTime(now + offset, now, 'fr')).toBe('maintenant');
      expect(relativeTime(now + offset, now, 'fr-CA')).toBe('maintenant');
    }
    expect(relativeTime(now - 60_000, now, 'en')).toBe('1 minute ago');
    expect(relativeTime(now - 60_000, now, 'fr')).toBe('il y a 1 minute');
    expect(relativeTime(now + 60_000, now, 'en')).toBe('in 1 minute');
  });

  it('maps i18next languages to ours', () => {
    expect(languageOf('fr-CA')).toBe('fr');
    expect(languageOf('en-US')).toBe('en');
  });
});
