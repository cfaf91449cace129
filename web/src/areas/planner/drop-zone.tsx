import { useDroppable } from '@dnd-kit/core';
import { useMemo, type ReactNode } from 'react';
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
 * A drop zone of the board: the section dnd-kit measures and colours. It is the only part of a
 * column that reads dnd-kit's context (which changes at every step of a drag); `head` and
 * `children` are elements made by a memoized parent, so React does not render them again when
 * only the zone does (docs/decisions/0285).
 */
export function DropZone({ id, label, tone, toneText = false, className, head, children, techId, testId }: DropZoneProps) {
  const { t } = useBoardText();
  const data = useMemo(() => ({ label }), [label]);
  // The zone renders again at every step of a drag (dnd-kit's context): its words are made once per tone.
  const words = useMemo(() => (tone && toneText ? <p className={classes.toneText}>{t(`planner.tone.${tone}`)}</p> : null), [tone, toneText, t]);
  const { setNodeRef, isOver } = useDroppable({ id, data });
  return (
    <section ref={setNodeRef} className={className} aria-label={label} data-tech-id={techId} data-testid={testId} data-drop-tone={tone} data-over={tone && isOver ? '' : undefined}>
      {head}
      {words}
      {children}
    </section>
  );
}
