import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, Checkbox, Group, Image, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewPicture } from '#shared/catalogue/review.ts';
import { useElementWidth } from './use-element-width.ts';

export const COLUMN_CHOICES = [1, 2, 3, 4, 6, 12] as const;

/** Space between cards, across and down (each row's bottom padding). */
const ROW_GAP = 8;
/** From 6 columns on, a card shows its checkbox and handle only (no number label, no badges). */
const COMPACT_FROM = 6;

/**
 * A row's height before it is measured (ADR 0305): the card's picture at 3:2 across the card's
 * inner width (the border, 1 px each side, is outside the picture), plus the card's chrome: border
 * 2, the checkbox-and-handle line 4 + 22 under it, the card's bottom padding 4, the row's gap 8;
 * the badge line (4 + 16 px) besides when not compact. An estimate far from the real height made
 * scrolling to the last row slow (the virtualizer corrected the whole page as it measured rows).
 */
export function rowHeightEstimate(gridWidth: number, columns: number): number {
  const cardWidth = gridWidth > 0 ? (gridWidth - ROW_GAP * (columns - 1)) / columns : 300;
  const chrome = 2 + 4 + 22 + 4 + ROW_GAP + (columns >= COMPACT_FROM ? 0 : 4 + 16);
  return Math.round(((cardWidth - 2) * 2) / 3 + chrome);
}

interface GridProps {
  pictures: ReviewPicture[];
  /** Position of each picture in the whole listing (its number on screen). */
  numberOf: (id: number) => number;
  columns: number;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  /** Ordering is allowed only without a filter (§5); otherwise the handle says why. */
  filtered: boolean;
  onFilteredOrder: () => void;
  onReorder: (ids: number[]) => void;
  /** The name of each picture-type service offer, in the screen's language (ADR 0305). */
  typeNames: ReadonlyMap<number, string>;
}

/**
 * The review grid (part 3 screen 5): virtualized by rows of `columns` pictures (a listing with 400
 * pictures keeps only the rows in view in the page), ordered with @dnd-kit/sortable (mouse, touch,
 * keyboard: Space on a handle, arrows, Space).
 */
export function PictureGrid({ pictures, numberOf, columns, selected, onToggle, onOpen, filtered, onFilteredOrder, onReorder, typeNames }: GridProps) {
  const { t } = useTranslation();
  // A stable ref and a number: the grid renders again only when its width changes (ADR 0280).
  const { ref: widthRef, node: top, width } = useElementWidth<HTMLDivElement>();
  const rows = useMemo(() => {
    const out: ReviewPicture[][] = [];
    for (let i = 0; i < pictures.length; i += columns) out.push(pictures.slice(i, i + columns));
    return out;
  }, [pictures, columns]);
  const estimate = rowHeightEstimate(width, columns);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => estimate, overscan: 3, scrollMargin: top.current?.offsetTop ?? 0 });
  // The virtualizer keeps its row positions while the row count stays: a new width (or the same count at other columns) must place the rows again.
  useEffect(() => virtualizer.measure(), [virtualizer, estimate]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = useMemo(() => pictures.map((p) => p.id), [pictures]);
  // What a screen reader announces while ordering, in the reader's language and by picture number (not dnd-kit's English and ids).
  const announcements = useMemo<Announcements>(() => {
    const n = (id: string | number) => numberOf(Number(id));
    return {
      onDragStart: ({ active }) => t('review.dnd.picked', { n: n(active.id) }),
      // Over its own place (where a keyboard drag starts): nothing new to say, 'picked up' stays the last word.
      onDragOver: ({ active, over }) => (!over ? t('review.dnd.outside', { n: n(active.id) }) : over.id === active.id ? undefined : t('review.dnd.over', { n: n(active.id), m: n(over.id) })),
      onDragEnd: ({ active, over }) => (over ? t('review.dnd.dropped', { n: n(active.id), m: n(over.id) }) : t('review.dnd.cancelled', { n: n(active.id) })),
      onDragCancel: ({ active }) => t('review.dnd.cancelled', { n: n(active.id) }),
    };
  }, [numberOf, t]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <div ref={widthRef}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('review.dnd.instructions') } }}>
        <SortableContext items={ids} strategy={rectSortingStrategy} disabled={filtered}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`, display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: ROW_GAP, paddingBottom: ROW_GAP }}
              >
                {rows[row.index]!.map((p) => (
                  <PictureCard key={p.id} picture={p} number={numberOf(p.id)} compact={columns >= COMPACT_FROM} typeName={p.service_offer_id === null ? undefined : typeNames.get(p.service_offer_id)} selected={selected.has(p.id)} onToggle={onToggle} onOpen={onOpen} filtered={filtered} onFilteredOrder={onFilteredOrder} />
                ))}
              </div>
            ))}
          </div>
        </SortableContext>
      </DndContext>
    </div>
  );
}

interface CardProps {
  picture: ReviewPicture;
  number: number;
  compact: boolean;
  /** The picture's type: its service offer's name (none without a type). */
  typeName: string | undefined;
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  filtered: boolean;
  onFilteredOrder: () => void;
}

const PictureCard = memo(function PictureCard({ picture: p, number, compact, typeName, selected, onToggle, onOpen, filtered, onFilteredOrder }: CardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: p.id, disabled: filtered, attributes: { roleDescription: t('review.dnd.roledescription') } });
  const label = t('review.picture', { n: number });
  return (
    <Card ref={setNodeRef} withBorder padding={4} data-picture={number} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }} aria-label={label} component="article">
      <Card.Section>
        <button type="button" onClick={() => onOpen(p.id)} aria-label={t('review.open', { n: number })} style={{ border: 0, padding: 0, background: 'none', cursor: 'zoom-in', display: 'block', width: '100%' }}>
          {p.thumbnail_url ? <Image src={p.thumbnail_url} alt="" loading="lazy" style={{ aspectRatio: '3 / 2', objectFit: 'cover' }} /> : <Text p="md">{t('review.no_thumbnail')}</Text>}
        </button>
      </Card.Section>
      <Group gap={4} mt={4} wrap="nowrap" justify="space-between">
        <Checkbox size="xs" checked={selected} onChange={() => onToggle(p.id)} aria-label={t('review.select', { n: number })} label={compact ? undefined : number} />
        {filtered ? (
          <ActionIcon size="sm" variant="subtle" onClick={onFilteredOrder} aria-label={t('review.move', { n: number })}>
            ⠿
          </ActionIcon>
        ) : (
          <ActionIcon size="sm" variant="subtle" {...attributes} {...listeners} aria-label={t('review.move', { n: number })} style={{ cursor: 'grab', touchAction: 'none' }}>
            ⠿
          </ActionIcon>
        )}
      </Group>
      {!compact && (
        <Group gap={4} mt={4}>
          {p.is_validated === true && <Badge color="green" size="xs">{t('review.badge.validated')}</Badge>}
          {p.is_validated === false && <Badge color="red" size="xs">{t('review.badge.retouch')}</Badge>}
          {!p.public && <Badge color="gray" size="xs">{t('review.badge.private')}</Badge>}
          {p.show_watermark && <Badge color="blue" size="xs">{t('review.badge.watermark')}</Badge>}
          {p.included_in_video && <Badge color="violet" size="xs">{t('review.badge.slideshow')}</Badge>}
          {typeName && (
            <Badge color="indigo" variant="light" size="xs" data-type-badge>
              {typeName}
            </Badge>
          )}
          {p.is_purchased && <Badge color="yellow" size="xs">{t('review.badge.purchased')}</Badge>}
          {p.comments.length > 0 && <Badge color="orange" size="xs">{t('review.badge.comments', { count: p.comments.length })}</Badge>}
        </Group>
      )}
    </Card>
  );
});
