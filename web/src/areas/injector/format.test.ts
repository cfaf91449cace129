import { describe, expect, it } from 'vitest';
import { formatSize, localToday, relativeTime } from './format.ts';

describe('injector formats', () => {
  it('shows sizes in MB under a GB, in GB above', () => {
    expect(formatSize(12_582_912, 'en')).toBe('12.6 MB');
    expect(formatSize(200_000, 'en')).toBe('0.2 MB');
    expect(formatSize(2_147_483_648, 'en')).toBe('2.15 GB');
    expect(formatSize(2_147_483_648, 'fr')).toBe('2,15 GB');
  });

  it('says how long ago and how long until', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime(now - 3 * 3_600_000 - 5, now, 'en')).toBe('3 hours ago');
    expect(relativeTime(now + 90 * 86_400_000 - 60_000, now, 'en')).toBe('in 89 days');
    expect(relativeTime(now - 10_000, now, 'en')).toBe('0 minutes ago');
  });

  it('gives the local date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
