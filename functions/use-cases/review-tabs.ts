import type { ReviewTab } from '#shared/catalogue/review.ts';
import { ShootingState } from '#shared/enums.ts';
import { INACTIVE_STATES, type StoredShooting } from '../storage/shootings.ts';

/**
 * The tabs of §4, by the last shooting: state 3 → Retouch, checked first, so a shooting sent back to
 * retouch after the broker got it reaches post-production; else public for the broker → Public and
 * Sent; state 5 and not public → Under Review. 'post-production incomplet' lists, besides, every
 * listing of those three tabs whose last shooting has not all its services delivered (ADR 0210).
 */
export function tabsOf(s: Pick<StoredShooting, 'state' | 'is_public_for_broker' | 'all_services_delivered'>): ReviewTab[] {
  const main: ReviewTab | undefined =
    s.state === ShootingState.retouch ? 'retouch' : s.is_public_for_broker ? 'public_sent' : s.state === ShootingState.uploaded ? 'under_review' : undefined;
  if (!main) return [];
  return s.all_services_delivered ? [main] : [main, 'incomplete'];
}

/** The last shooting of a listing, the one that decides its tab: the latest scheduled one that is not cancelled or abandoned. */
export function lastShooting<S extends Pick<StoredShooting, 'scheduleddate' | 'id' | 'state'>>(shootings: readonly S[]): S | undefined {
  return [...shootings].filter((s) => !INACTIVE_STATES.has(s.state)).sort((a, b) => a.scheduleddate.localeCompare(b.scheduleddate) || a.id - b.id).at(-1);
}
