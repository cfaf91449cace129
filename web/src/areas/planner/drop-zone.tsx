import { useDroppable } from '@dnd-kit/core';
import { useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useBoardText } from './board-text.ts';
import classes from './board.module.css';

/** How a drop zone looks while a shooting is dragged (part 2 §4): free green, busy red, locked grey. */
export type DropTone = 'free' | 'busy' | 'locked';

interface DropZoneProps {
  id: string;
  /** The zone's accessible name, also what the drag announcements call it. */
  label: string;
  /** Set while a shooting is dragged. */
  tone: DropTone | undefined;
  /** Says the tone in words under `head` (technicians). */
  toneText?: boolean;
  className: string | undefined;
  head: ReactNode;
  children: ReactNode;
  techId?: number;
  testId?: string;
}

/**
 * A drop zone of the board: the section dnd-kit measures and colours (`data-drop-tone` from the
 * tone, `data-over` while the dragged shooting is over it). The section does not read dnd-kit's
 * context, which changes at every step of a drag: its registration (`ZoneDroppable`, rendered
 * beside it) does, renders nothing and marks `data-over` on the section itself, so a step of a
 * drag renders 67 empty components instead of 67 sections (docs/decisions/0285, 0350).
 */
export function DropZone({ id, label, tone, toneText = false, className, head, children, techId, testId }: DropZoneProps) {
  const { t } = useBoardText();
  const section = useRef<HTMLElement>(null);
  const words = useMemo(() => (tone && toneText ? <p className={classes.toneText}>{t(`planner.tone.${tone}`)}</p> : null), [tone, toneText, t]);
  return (
    <>
      <section ref={section} className={className} aria-label={label} data-tech-id={techId} data-testid={testId} data-drop-tone={tone}>
        {head}
        {words}
        {children}
      </section>
      <ZoneDroppable id={id} label={label} section={section} lit={tone !== undefined} />
    </>
  );
}

/**
 * The zone's registration with dnd-kit. Rendered after its section, so the section's ref is set
 * when this one's layout effects run; `data-over` is written on the section directly (only while
 * a tone is shown, as before).
 */
function ZoneDroppable({ id, label, section, lit }: { id: string; label: string; section: RefObject<HTMLElement | null>; lit: boolean }) {
  const data = useMemo(() => ({ label }), [label]);
  const { setNodeRef, isOver } = useDroppable({ id, data });
  useLayoutEffect(() => {
    setNodeRef(section.current);
    return () => setNodeRef(null);
  }, [section, setNodeRef]);
  const over = lit && isOver;
  useLayoutEffect(() => {
    const node = section.current;
    if (!node) return;
    if (over) node.setAttribute('data-over', '');
    else node.removeAttribute('data-over');
  }, [section, over]);
  return null;
}
