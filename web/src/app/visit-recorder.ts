import { useEffect, useRef, type RefObject } from 'react';
import { recordVisit } from '#shared/catalogue/listings.ts';
import { buildRequest, callOperation } from '../api/client.ts';

/**
 * Anonymous visit statistics of a listing's public page (delivery page, virtual-tour viewer;
 * docs/decisions/0201-visit-statistics.md): a random visitor id kept in this browser, a session id
 * per listing for this tab, the photos shown, how many of them were on screen, and the seconds the
 * page was visible. The session's running totals are reported every 15 s while they grow and when
 * the page is hidden (a keepalive request, so it outlives the page). Nothing else about the reader.
 * The totals reported are kept with the session id: a reload (same tab, same session) counts on from
 * them, since the server takes only totals that grew.
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

interface Totals {
  views: number;
  seconds: number;
}

function storedTotals(key: string): Totals {
  try {
    const known = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<Totals> | null;
    const whole = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0);
    return { views: whole(known?.views), seconds: whole(known?.seconds) };
  } catch {
    return { views: 0, seconds: 0 };
  }
}

function keepTotals(key: string, totals: Totals): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(totals));
  } catch {
    // storage refused: the next page of this tab starts a session of its own anyway
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
    const totalsKey = `immo.visit.${listingId}.totals`;
    // What this session reported before (an earlier page of this tab, or this one before a re-run).
    const before = storedTotals(totalsKey);
    s.seen = new Set();
    s.visibleMs = 0;
    s.sent = '';
    s.since = document.visibilityState === 'visible' ? performance.now() : 0;

    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) s.seen.add(e.target);
      },
      { threshold: 0.5 },
    );
    for (const child of Array.from(root.children)) observer.observe(child);

    const input = () => {
      const seconds = before.seconds + Math.floor((s.visibleMs + (s.since ? performance.now() - s.since : 0)) / 1000);
      return { listing_id: listingId, visitor, session, photos, views: Math.min(Math.max(before.views, s.seen.size), photos), seconds };
    };
    const report = (leaving: boolean) => {
      const now = input();
      const key = `${now.views}/${now.seconds}`;
      if (key === s.sent) return;
      s.sent = key;
      keepTotals(totalsKey, { views: now.views, seconds: now.seconds });
      if (leaving) {
        const { url, body } = buildRequest(recordVisit, now);
        void fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
      } else {
        callOperation(recordVisit, now, { token: null }).catch(() => undefined);
      }
    };
    // Hidden or left: the visible time so far is counted and the totals sent. A reload or a link
    // followed leaves the page still 'visible' (pagehide without visibilitychange), so pagehide leaves too.
    const leave = () => {
      if (s.since) s.visibleMs += performance.now() - s.since;
      s.since = 0;
      report(true);
    };
    const resume = () => {
      if (document.visibilityState === 'visible' && !s.since) s.since = performance.now();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : resume());
    report(false);
    const timer = window.setInterval(() => report(false), VISIT_REPORT_EVERY_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    // Back from the browser's page cache: visible again.
    window.addEventListener('pageshow', resume);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', resume);
      leave();
    };
  }, [listingId, photos, grid]);
}
