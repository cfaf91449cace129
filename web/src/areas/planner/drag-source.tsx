import { useDraggable, type DraggableSyntheticListeners } from '@dnd-kit/core';
import { createContext, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { PlannerShooting } from '#shared/catalogue/planner.ts';

/**
 * The board's one draggable (docs/decisions/0375). dnd-kit renders again every component that calls
 * `useDraggable` whenever its internal context changes, which is every step of a keyboard drag (the
 * zone under the shooting, `over`, changes): with a `useDraggable` per card that was every built
 * card's handle (up to ~300) at each arrow key. Here one component calls it, for the shooting whose
 * handle was last pressed (`armed`); the handles are plain buttons that read a context which does
 * not change while dragging (`DragHandles`) and give this component their pointer-down and key-down:
 * it arms itself with their shooting and button (synchronously: `flushSync`, so dnd-kit has the
 * button registered when its activator reads the event) and hands the event to dnd-kit's own
 * listeners. Mouse, touch and keyboard drags start exactly as before, with the same attributes
 * (`aria-roledescription`, `aria-describedby`, and `aria-pressed` while dragged, set on the button).
 */

export const dragId = (s: Pick<PlannerShooting, 'id'>) => `shooting-${s.id}`;

/** The draggable's id while no handle has been pressed yet (registered, never dragged: disabled). */
const IDLE = 'shooting-none';

type HandleEvent = PointerEvent<HTMLElement> | KeyboardEvent<HTMLElement>;

export interface DragHandles {
  /** The id of dnd-kit's hidden instructions (how to drag with the keyboard), for `aria-describedby`. */
  describedBy: string | undefined;
  /** A handle's pointer-down or key-down: the board's draggable takes this shooting and the event. */
  start: (shooting: PlannerShooting, event: HandleEvent) => void;
}

export const DragHandlesContext = createContext<DragHandles>({ describedBy: undefined, start: () => undefined });

interface Armed {
  shooting: PlannerShooting;
  node: HTMLElement;
}

/** dnd-kit's listener for a handle's event: its sensors' activators are named after React's props. */
export function listenerOf(listeners: DraggableSyntheticListeners, type: string): ((event: HandleEvent) => void) | undefined {
  const name = type === 'pointerdown' ? 'onPointerDown' : type === 'keydown' ? 'onKeyDown' : undefined;
  return name ? (listeners?.[name] as ((event: HandleEvent) => void) | undefined) : undefined;
}

/** Whether a press on `node` for `shooting` must arm the draggable again first (another shooting, a newer copy of it, another button). */
export function needsArming(armed: Armed | null, shooting: PlannerShooting, node: HTMLElement): boolean {
  return armed === null || armed.shooting !== shooting || armed.node !== node;
}

/** Renders `children` (the board) with the handles' context; the only part of the board that reads dnd-kit's draggable context. */
export function BoardDragSource({ children }: { children: ReactNode }) {
  const [armed, setArmed] = useState<Armed | null>(null);
  const data = useMemo(() => ({ shooting: armed?.shooting }), [armed]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: armed ? dragId(armed.shooting) : IDLE, data, disabled: armed === null });
  const latest = useRef<{ armed: Armed | null; listeners: DraggableSyntheticListeners }>({ armed: null, listeners: undefined });
  // After each render, before anything else may read them: dnd-kit's nodes are the armed button.
  useLayoutEffect(() => {
    latest.current = { armed, listeners };
    setNodeRef(armed?.node ?? null);
    setActivatorNodeRef(armed?.node ?? null);
  });
  // dnd-kit's `aria-pressed` on the dragged handle (its card fades by CSS: board.module.css).
  useLayoutEffect(() => {
    const node = armed?.node;
    if (!node || !isDragging) return;
    node.setAttribute('aria-pressed', 'true');
    return () => node.removeAttribute('aria-pressed');
  }, [armed, isDragging]);
  const start = useCallback((shooting: PlannerShooting, event: HandleEvent) => {
    const node = event.currentTarget;
    if (needsArming(latest.current.armed, shooting, node)) flushSync(() => setArmed({ shooting, node }));
    listenerOf(latest.current.listeners, event.type)?.(event);
  }, []);
  const describedBy = attributes['aria-describedby'];
  const handles = useMemo(() => ({ describedBy, start }), [describedBy, start]);
  return <DragHandlesContext.Provider value={handles}>{children}</DragHandlesContext.Provider>;
}
