import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlannerShooting } from '#shared/catalogue/planner.ts';
import { ShootingCard, type ShootingActions } from './shooting-card.tsx';

export const UNASSIGNED_ZONE = 'unassigned';

interface UnassignedListProps extends ShootingActions {
  shootings: readonly PlannerShooting[];
  /** Whether any technician works that day (the dispatch needs one). */
  hasTechs: boolean;
  /** Why the last dispatch left a shooting out, by shooting id. */
  unserved: ReadonlyMap<number, string>;
  /** A shooting taken from a technician is being dragged: this column takes it back. */
  dropping: boolean;
  busy: boolean;
  onDispatch: (ids: number[]) => void;
}

/**
 * The day's unassigned shootings (part 2, planner right column), each draggable onto a
 * technician, all selected for the dispatch by default; a drop here takes a shooting back from
 * its technician.
 */
export function UnassignedList({ shootings, hasTechs, unserved, dropping, busy, onDispatch, ...actions }: UnassignedListProps) {
  const { t } = useTranslation();
  const title = t('planner.unassigned_title');
  const { setNodeRef, isOver } = useDroppable({ id: UNASSIGNED_ZONE, data: { label: title, tone: 'free' } });
  // Deselected ids: a shooting that appears later is selected by default.
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const selected = shootings.filter((s) => !excluded.has(s.id));
  const toggle = (id: number, on: boolean) =>
    setExcluded((old) => {
      const next = new Set(old);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      component="section"
      aria-label={title}
      data-testid="unassigned-column"
      style={dropping ? { borderColor: 'var(--mantine-color-green-6)', borderWidth: isOver ? 3 : 2, background: 'var(--mantine-color-green-light)' } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {shootings.length === 0 ? (
          <Text c="dimmed">{t('planner.no_unassigned')}</Text>
        ) : (
          <>
            <Group justify="space-between">
              <Checkbox
                label={t('planner.select_all')}
                checked={selected.length === shootings.length}
                indeterminate={selected.length > 0 && selected.length < shootings.length}
                onChange={(e) => setExcluded(e.currentTarget.checked ? new Set() : new Set(shootings.map((s) => s.id)))}
              />
              <Button disabled={busy || selected.length === 0 || !hasTechs} onClick={() => onDispatch(selected.map((s) => s.id))}>
                {t('planner.dispatch')}
              </Button>
            </Group>
            <Stack component="ul" gap="xs" m={0} p={0}>
              {shootings.map((s) => {
                const reason = unserved.get(s.id);
                return (
                  <ShootingCard
                    key={s.id}
                    shooting={s}
                    busy={busy}
                    selection={{ checked: !excluded.has(s.id), onToggle: toggle }}
                    note={reason ? t('planner.unserved', { reason: t(`planner.reason.${reason}`) }) : undefined}
                    {...actions}
                  />
                );
              })}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
