import { useCallback, useRef, useState } from 'react';

/**
 * An element's width in whole pixels, through a callback ref that stays the same from render to
 * render (ADR 0280). The review grid once passed Mantine's `useElementSize` ref inside an inline
 * function: each render gave React a new ref, the hook observed the element with a new
 * ResizeObserver, a new observer always reports once, and the hook stored that report as a new
 * object, so the grid rendered again, for ever (long tasks without end at 12 columns). Here the ref
 * is created once and the state is a number: an unchanged width renders nothing. The width is read
 * once when the element comes (the observer's first report then changes nothing).
 */
export function useElementWidth<T extends HTMLElement>() {
  const [width, setWidth] = useState(0);
  const node = useRef<T | null>(null);
  const ref = useCallback((element: T) => {
    node.current = element;
    // Read at once (a ref callback runs before the first paint): the grid's first rows are laid out at the real width, not a guess (ADR 0305).
    setWidth(Math.round(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      node.current = null;
    };
  }, []);
  return { ref, node, width };
}
