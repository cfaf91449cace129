import type { TFunction } from 'i18next';
import { relativeTime } from '../../i18n/format.ts';

/** Under this, a file's update is "just now" rather than "0 minutes ago". */
const JUST_NOW_MS = 60_000;

/**
 * When a file of the cloud list was last updated, in the reader's language: 'à l'instant' / 'just
 * now' under a minute (a file just sent), else '3 hours ago'. A time ahead of this computer's clock
 * is taken as now.
 */
export function updatedAgo(t: TFunction, updatedMs: number, nowMs: number, lng: string): string {
  const at = Math.min(updatedMs, nowMs);
  return nowMs - at < JUST_NOW_MS ? t('injector.just_now', { lng }) : relativeTime(at, nowMs, lng);
}
