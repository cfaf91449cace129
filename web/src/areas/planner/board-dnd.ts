import { pointerWithin, rectIntersection, type Active, type Announcements, type CollisionDetection, type KeyboardCoordinateGetter, type Over, type UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import type { PlannerShooting, ScheduledTech } from '#shared/catalogue/planner.ts';
import { localTimeMs } from '#shared/rules/business-time.ts';
import { shootingInterval, shootingsOverlap } from '#shared/rules/shooting-progress.ts';
import { slotWindow } from '#shared/rules/slots.ts';
import { addressOf } from './queries.ts';
import type { DropTone } from './drop-zone.tsx';

/**
 * Drag and drop of the planner board with the keyboard (docs/decisions/0170-planner-board.md):
 * Space or Enter picks a shooting up, the arrow keys step through the drop zones (technicians in
 * their order, then the unassigned column), Space or Enter drops, Escape cancels. The zone the
 * keys chose is the drop target (not whatever the moved overlay happens to touch; none before the
 * first arrow: `target.current` is '' then); with the mouse or a finger the target is the zone under
 * the pointer (`target.current` null).
 *
 * The arrow key itself names the zone (`onStep`, in the key's own event): dnd-kit's `over`, and
 * its announcement, come a render and an effect later, and on a slow render a fast user heard the
 * zone before, or two steps as one, and dropped where they had not heard (docs/decisions/0285).
 * The drop goes to `target.current` for the same reason (`dropTarget`).
 */

interface Target {
  current: string | null;
}

const STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export function zoneKeyboardCoordinates(order: () => readonly string[], target: Target, onStep: (zone: UniqueIdentifier, active: Active | null) => void): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = STEPS[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    const zones = order().filter((id) => context.droppableRects.has(id));
    if (zones.length === 0) return undefined;
    const at = target.current === null ? -1 : zones.indexOf(target.current);
    const next = zones[at === -1 ? (step > 0 ? 0 : zones.length - 1) : (at + step + zones.length) % zones.length]!;
    target.current = next;
    onStep(next, context.active);
    // The zone where it is now, brought on screen by the board itself (revealZone): dnd-kit's rects
    // are measured at the pick-up and again only for a zone that resizes, and its sensor scrolls by the
    // distance from the dragged shooting's own rect to the point returned here. On a busy day, whose
    // technicians' bodies are built as the drag reaches them (near-view.tsx), both were stale: a step
    // scrolled thousands of pixels past the zone and built every body on the way (docs/decisions/0375).
    const node = context.droppableContainers.get(next)?.node.current;
    if (node) revealZone(node, step);
    const rect = node?.getBoundingClientRect() ?? context.droppableRects.get(next)!;
    const active = context.collisionRect;
    // Centre the dragged shooting on the zone (the overlay shows where it would land).
    return { x: rect.left + (rect.width - (active?.width ?? 0)) / 2, y: rect.top + Math.min(24, rect.height / 2) };
  };
}

/**
 * Scrolls the page at once so that the zone's drop point is where dnd-kit's keyboard sensor leaves
 * the page alone: going down, in the top half of the screen (it puts it a quarter down); going up,
 * in the bottom half (three quarters down). A zone already there does not move the page.
 */
export function revealZone(node: Element, step: number): void {
  const box = node.getBoundingClientRect();
  const y = box.top + Math.min(24, box.height / 2);
  const half = window.innerHeight / 2;
  const inside = step > 0 ? y >= 0 && y <= half : y >= half && y <= window.innerHeight;
  if (!inside) window.scrollBy({ top: y - (step > 0 ? half / 2 : half * 1.5), behavior: 'instant' });
}

export function boardCollisions(target: Target): CollisionDetection {
  return (args) => {
    if (target.current !== null) return args.droppableContainers.some((c) => c.id === target.current) ? [{ id: target.current }] : [];
    const under = pointerWithin(args);
    return under.length > 0 ? under : rectIntersection(args);
  };
}

/** Where a drop goes: the zone the arrow keys chose (none before the first), else the one under the pointer. */
export function dropTarget(target: Target, over: Over | null): UniqueIdentifier | null {
  return target.current === null ? (over?.id ?? null) : target.current || null;
}

const shootingOf = (active: { data: { current?: unknown } }) => (active.data.current as { shooting?: PlannerShooting } | undefined)?.shooting;

/** What the board knows of a zone: its name, and its tone for a dragged shooting. */
export interface ZoneReader {
  label: (zone: UniqueIdentifier) => string;
  tone: (zone: UniqueIdentifier, shooting: PlannerShooting) => DropTone | undefined;
}

/**
 * What a screen reader hears while dragging, in the page's language: `over` and `end` name the
 * zone `dropTarget` gives (with the keyboard, the one the arrow keys chose).
 */
export function boardAnnouncements(t: TFunction, zones: ZoneReader) {
  const address = (active: { data: { current?: unknown } }) => {
    const s = shootingOf(active);
    return s ? addressOf(s) : '';
  };
  const toneOf = (active: { data: { current?: unknown } }, zone: UniqueIdentifier) => {
    const s = shootingOf(active);
    return s ? zones.tone(zone, s) : undefined;
  };
  const named = (active: { data: { current?: unknown } }, zone: UniqueIdentifier) => {
    const tone = toneOf(active, zone);
    return tone ? t('planner.dnd.zone_with_tone', { zone: zones.label(zone), tone: t(`planner.tone.${tone}`) }) : zones.label(zone);
  };
  return {
    start: (active: Active) => t('planner.dnd.start', { address: address(active) }),
    over: (active: Active, zone: UniqueIdentifier | null) =>
      zone === null ? t('planner.dnd.over_none', { address: address(active) }) : t('planner.dnd.over', { address: address(active), zone: named(active, zone) }),
    end: (active: Active, zone: UniqueIdentifier | null) => {
      if (zone === null) return t('planner.dnd.cancel', { address: address(active) });
      const tone = toneOf(active, zone);
      return tone && tone !== 'free' ? t('planner.dnd.refused', { address: address(active), zone: named(active, zone) }) : t('planner.dnd.end', { address: address(active), zone: zones.label(zone) });
    },
    cancel: (active: Active) => t('planner.dnd.cancel', { address: address(active) }),
  };
}

/** dnd-kit's own live region stays silent: the board's (BoardLiveRegion) says it all, in order. */
export const SILENT: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

/**
 * Part 2 §4: a technician's drop zone while `shooting` is dragged: grey when their day is locked,
 * red when they hold a shooting overlapping it (or are unavailable then), green otherwise; with
 * 'Assignation forcée' every zone is green.
 */
export function toneFor(tech: ScheduledTech, mine: readonly PlannerShooting[], shooting: PlannerShooting, force: boolean): DropTone {
  if (force) return 'free';
  if (tech.locked) return 'locked';
  const clash = mine.some((s) => s.id !== shooting.id && shootingsOverlap(s, shooting)) || tech.unavailabilities.some((u) => unavailableFor(u, shooting));
  return clash ? 'busy' : 'free';
}

/**
 * Whether an unavailability keeps a technician from a shooting: it overlaps the shooting's time,
 * or, for a shooting with a half-day and no time yet (a pending booking), it covers the whole
 * half-day window the technician must arrive in (AM 8h30-12h30, PM 12h30-17h00, on Quebec's clock),
 * as the whole-day one of a technician working without an availability does (docs/decisions/0595).
 */
function unavailableFor(u: ScheduledTech['unavailabilities'][number], shooting: PlannerShooting): boolean {
  if (shootingInterval(shooting)) return shootingsOverlap({ starttime: u.start, endtime: u.end }, shooting);
  const window = slotWindow(shooting.am);
  return Date.parse(u.start) <= localTimeMs(shooting.scheduleddate, window.start) && Date.parse(u.end) >= localTimeMs(shooting.scheduleddate, window.end);
}
