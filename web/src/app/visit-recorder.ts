import { useEffect, useRef, type RefObject } from 'react';
import { recordVisit } from '#shared/catalogue/listings.ts';
import { buildRequest, callOperation } from '../api/client.ts';

/**
 * Anonymous visit statistics of a listing's public page (delivery page, virtual-tour viewer;
 * docs/decisions/0201-visit-statistics.md): a random visitor id kept in this browser, a session id
 * per listing for this tab, the photos shown, how many of them were on screen, and the seconds the
 * page was visible. The session's running totals are reported every 15 s while they grow and when
 * the page is hidden (a keepalive request, so it outlives the page). Nothing else about the reader.
 */
export const VISIT_REPORT_EVERY_MS = 15_000;

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

function storedId(storage: Storage, key: string): string {
  try {
    const known = storage.getItem(key);
    if (known && /^[a-f0-9]{32}$/.test(known)) return known;
    const made = randomId();
    storage.setItem(key, made);
    return made;
  } catch {
    return randomId(); // storage refused (private mode): a one-page visitor
  }
}

/**
 * Records the visit of `listingId` while mounted. `grid` holds one element per photo (its children);
 * a photo counts as viewed once at least half of it was on screen.
 */
export function useVisitRecorder(listingId: number | undefined, photos: number, grid: RefObject<HTMLElement | null>): void {
  const state = useRef({ seen: new Set<Element>(), visibleMs: 0, since: 0, sent: '' });

  useEffect(() => {
    const root = grid.current;
    if (listingId === undefined || !root || typeof IntersectionObserver === 'undefined') return;
    const s = state.current;
    const visitor = storedId(localStorage, 'immo.visitor');
    const session = storedId(sessionStorage, `immo.visit.${listingId}`);
    s.since = document.visibilityState === 'visible' ? performance.now() : 0;

    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) s.seen.add(e.target);
      },
      { threshold: 0.5 },
    );
    for (const child of Array.from(root.children)) observer.observe(child);

    const input = () => {
      const seconds = Math.floor((s.visibleMs + (s.since ? performance.now() - s.since : 0)) / 1000);
      return { listing_id: listingId, visitor, session, photos, views: Math.min(s.seen.size, photos), seconds };
    };
    const report = (leaving: boolean) => {
      const now = input();
      const key = `${now.views}/${now.seconds}`;
      if (key === s.sent) return;
      s.sent = key;
      if (leaving) {
        const { url, body } = buildRequest(recordVisit, now);
        void fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
      } else {
        callOperation(recordVisit, now, { token: null }).catch(() => undefined);
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (s.since) s.visibleMs += performance.now() - s.since;
        s.since = 0;
        report(true);
      } else s.since = performance.now();
    };
    report(false);
    const timer = window.setInterval(() => report(false), VISIT_REPORT_EVERY_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onVisibility);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onVisibility);
      report(true);
    };
  }, [listingId, photos, grid]);
}
