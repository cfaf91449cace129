import { useCallback, useEffect, useState, type ReactNode } from 'react';
import classes from './board.module.css';

/**
 * Virtualizing the board of a busy day (docs/decisions/0310): a technician's body and the
 * unassigned column's cards are built when they come near the screen, and stay built (a card
 * being dragged, a focused button or an open menu never vanish under the user). The drop zones
 * themselves (dnd-kit's droppables: name, lock, colours) are always there, so the keyboard drag
 * steps to any technician, and the one it scrolls to builds its body as it comes into view.
 */

/** How far from the screen (above and below) a part is built ahead of the scroll. */
const AHEAD = '800px 0px';

/** A day with fewer shootings is drawn whole: the board stays findable in the page (Ctrl+F), as before. */
export const VIRTUAL_FROM = 80;

const observable = () => typeof IntersectionObserver !== 'undefined';

/** Calls `onNear` whenever `node` is within AHEAD of the screen (observed again when `again` changes). */
function useOnNear(node: Element | null, onNear: () => void, again: unknown): void {
  useEffect(() => {
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onNear();
    }, { rootMargin: AHEAD });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, onNear, again]);
}

/** `children` once near the screen; until then an empty block of about their height (`estimate`, px). */
export function WhenNear({ lazy, estimate, children }: { lazy: boolean; estimate: number; children: ReactNode }) {
  const [near, setNear] = useState(!lazy || !observable());
  const [node, setNode] = useState<Element | null>(null);
  useOnNear(near ? null : node, useCallback(() => setNear(true), []), undefined);
  if (near) return children;
  return <div ref={setNode} className={classes.pending} style={{ height: estimate }} aria-hidden="true" data-pending="" />;
}

/** Items per step of a growing list. */
const STEP = 24;

/**
 * A long list built a step at a time as its end comes near the screen: the first `STEP` items,
 * then more while the list item standing for the rest (`estimate` px each) is near.
 */
export function useGrowingList<T>(items: readonly T[], lazy: boolean, estimate: number): { shown: readonly T[]; rest: ReactNode } {
  const [count, setCount] = useState(STEP);
  const all = !lazy || !observable() || count >= items.length;
  const [node, setNode] = useState<Element | null>(null);
  useOnNear(all ? null : node, useCallback(() => setCount((c) => c + STEP), []), count);
  if (all) return { shown: items, rest: null };
  return {
    shown: items.slice(0, count),
    rest: <li ref={setNode} className={classes.pending} style={{ height: (items.length - count) * estimate }} aria-hidden="true" data-pending="" />,
  };
}
