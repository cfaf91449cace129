import { useEffect, useRef, useState } from 'react';

/**
 * For a dialog mounted while open and unmounted as it closes (`{open && <Dialog …/>}`): the page
 * unmounts it before Mantine's Modal can give the focus back, and the focus would fall to the page
 * body. Here the element that opened it (read during the first render, before the focus trap moves
 * the focus) gets it back on the next frame, when it is still on the page; or, with `returnTo`, the
 * element that function finds then (read at the last render), the opener when it finds none.
 */
export function useReturnFocusOnUnmount(returnTo?: () => HTMLElement | null | undefined): void {
  const [opener] = useState(() => document.activeElement);
  const target = useRef(returnTo);
  useEffect(() => {
    target.current = returnTo;
  });
  // StrictMode (development) unmounts and mounts again at once: only an unmount that lasts gives the focus back.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      requestAnimationFrame(() => {
        if (mounted.current) return;
        const element = target.current?.() ?? opener;
        if (element instanceof HTMLElement && element.isConnected) element.focus();
      });
    };
  }, [opener]);
}
