import { Button, Checkbox, Group, Text, Title } from '@mantine/core';
import { memo, useCallback, useState } from 'react';
import type { PlannerShooting } from '#shared/catalogue/planner.ts';
import { useBoardText } from './board-text.ts';
import classes from './board.module.css';
import { DropZone } from './drop-zone.tsx';
import { useGrowingList } from './near-view.tsx';
import { ShootingCard, type ShootingActions } from './shooting-card.tsx';
import { CARD_PX } from './tech-card.tsx';

export const UNASSIGNED_ZONE = 'unassigned';

interface UnassignedListProps extends ShootingActions {
  shootings: readonly PlannerShooting[];
  /** Why the last dispatch left a shooting out, by shooting id. */
  unserved: ReadonlyMap<number, string>;
  /** A shooting taken from a technician is being dragged: this column takes it back. */
  dropping: boolean;
  busy: boolean;
  onDispatch: (ids: number[]) => void;
  /** A busy day: the cards are built a step at a time as the column's end comes near the screen (near-view.tsx). */
  lazy: boolean;
}

/**
 * The day's unassigned shootings (part 2, planner right column), each draggable onto a
 * technician, all selected for the dispatch by default; a drop here takes a shooting back from
 * its technician.
 */
export function UnassignedList({ dropping, ...rest }: UnassignedListProps) {
  const { t } = useBoardText();
  const title = t('planner.unassigned_title');
  return (
    <DropZone
      id={UNASSIGNED_ZONE}
      label={title}
      tone={dropping ? 'free' : undefined}
      className={classes.zone}
      testId="unassigned-column"
      head={
        <Title order={2} size="h4">
          {title}
        </Title>
      }
    >
      <UnassignedBody {...rest} />
    </DropZone>
  );
}

const UnassignedBody = memo(function UnassignedBody({ shootings, unserved, busy, onDispatch, lazy, ...actions }: Omit<UnassignedListProps, 'dropping'>) {
  const { t } = useBoardText();
  const { shown, rest } = useGrowingList(shootings, lazy, CARD_PX);
  // Deselected ids: a shooting that appears later is selected by default.
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const selected = shootings.filter((s) => !excluded.has(s.id));
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setExcluded((old) => {
        const next = new Set(old);
        if (on) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  if (shootings.length === 0) return <Text c="dimmed">{t('planner.no_unassigned')}</Text>;
  return (
    <>
      <Group justify="space-between">
        <Checkbox
          label={t('planner.select_all')}
          checked={selected.length === shootings.length}
          indeterminate={selected.length > 0 && selected.length < shootings.length}
          onChange={(e) => setExcluded(e.currentTarget.checked ? new Set() : new Set(shootings.map((s) => s.id)))}
        />
        {/* Open on a day nobody works too: the dispatch then says so (part 2 'Aucun technicien n'est disponible pour la répartition.'). */}
        <Button disabled={busy || selected.length === 0} onClick={() => onDispatch(selected.map((s) => s.id))}>
          {t('planner.dispatch')}
        </Button>
      </Group>
      <ul className={classes.list} data-spaced="">
        {shown.map((s) => {
          const reason = unserved.get(s.id);
          return (
            <ShootingCard
              key={s.id}
              shooting={s}
              selected={!excluded.has(s.id)}
              onSelect={toggle}
              note={reason ? t('planner.unserved', { reason: t(`planner.reason.${reason}`) }) : undefined}
              {...actions}
            />
          );
        })}
        {rest}
      </ul>
    </>
  );
});
