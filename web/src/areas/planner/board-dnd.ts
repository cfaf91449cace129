import { pointerWithin, rectIntersection, type Announcements, type CollisionDetection, type KeyboardCoordinateGetter, type UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import type { PlannerShooting, ScheduledTech } from '#shared/catalogue/planner.ts';
import { shootingsOverlap } from '#shared/rules/shooting-progress.ts';
import { addressOf } from './queries.ts';
import type { DropTone } from './tech-card.tsx';

/**
 * Drag and drop of the planner board with the keyboard (docs/decisions/0170-planner-board.md):
 * Space or Enter picks a shooting up, the arrow keys step through the drop zones (technicians in
 * their order, then the unassigned column), Space or Enter drops, Escape cancels. The zone the
 * keys chose is the drop target (not whatever the moved overlay happens to touch; none before the
 * first arrow: `target.current` is '' then); with the mouse or a finger the target is the zone under
 * the pointer (`target.current` null).
 */

interface Target {
  current: string | null;
}

const STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export function zoneKeyboardCoordinates(order: () => readonly string[], target: Target): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = STEPS[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    const zones = order().filter((id) => context.droppableRects.has(id));
    if (zones.length === 0) return undefined;
    const at = target.current === null ? -1 : zones.indexOf(target.current);
    const next = zones[at === -1 ? (step > 0 ? 0 : zones.length - 1) : (at + step + zones.length) % zones.length]!;
    target.current = next;
    const rect = context.droppableRects.get(next)!;
    const active = context.collisionRect;
    // Centre the dragged shooting on the zone (the overlay shows where it would land).
    return { x: rect.left + (rect.width - (active?.width ?? 0)) / 2, y: rect.top + Math.min(24, rect.height / 2) };
  };
}

export function boardCollisions(target: Target): CollisionDetection {
  return (args) => {
    if (target.current !== null) return args.droppableContainers.some((c) => c.id === target.current) ? [{ id: target.current }] : [];
    const under = pointerWithin(args);
    return under.length > 0 ? under : rectIntersection(args);
  };
}

const shootingOf = (active: { data: { current?: unknown } }) => (active.data.current as { shooting?: PlannerShooting } | undefined)?.shooting;
const labelOf = (over: { data: { current?: unknown } }) => String((over.data.current as { label?: string } | undefined)?.label ?? '');

/** What a screen reader hears while dragging, in the page's language. */
export function boardAnnouncements(t: TFunction, toneOf: (id: UniqueIdentifier) => DropTone | undefined): Announcements {
  const address = (active: { data: { current?: unknown } }) => {
    const s = shootingOf(active);
    return s ? addressOf(s) : '';
  };
  const zone = (over: { id: UniqueIdentifier; data: { current?: unknown } }) => {
    const tone = toneOf(over.id);
    return tone ? t('planner.dnd.zone_with_tone', { zone: labelOf(over), tone: t(`planner.tone.${tone}`) }) : labelOf(over);
  };
  return {
    onDragStart: ({ active }) => t('planner.dnd.start', { address: address(active) }),
    onDragOver: ({ active, over }) => (over ? t('planner.dnd.over', { address: address(active), zone: zone(over) }) : t('planner.dnd.over_none', { address: address(active) })),
    onDragEnd: ({ active, over }) => {
      if (!over) return t('planner.dnd.cancel', { address: address(active) });
      const tone = toneOf(over.id);
      return tone && tone !== 'free' ? t('planner.dnd.refused', { address: address(active), zone: zone(over) }) : t('planner.dnd.end', { address: address(active), zone: labelOf(over) });
    },
    onDragCancel: ({ active }) => t('planner.dnd.cancel', { address: address(active) }),
  };
}

/**
 * Part 2 §4: a technician's drop zone while `shooting` is dragged: grey when their day is locked,
 * red when they hold a shooting overlapping it (or are unavailable then), green otherwise; with
 * 'Assignation forcée' every zone is green.
 */
export function toneFor(tech: ScheduledTech, mine: readonly PlannerShooting[], shooting: PlannerShooting, force: boolean): DropTone {
  if (force) return 'free';
  if (tech.locked) return 'locked';
  const clash = mine.some((s) => s.id !== shooting.id && shootingsOverlap(s, shooting)) || tech.unavailabilities.some((u) => shootingsOverlap({ starttime: u.start, endtime: u.end }, shooting));
  return clash ? 'busy' : 'free';
}
