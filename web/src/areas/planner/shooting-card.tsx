import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlannerShooting } from '#shared/catalogue/planner.ts';
import { elapsedColour, elapsedDays, progressOf, shootingInterval } from '#shared/rules/shooting-progress.ts';
import { formatClock, formatDuration } from '../../i18n/format.ts';
import { addressOf, today } from './queries.ts';
import { ShootingDialogButton } from './shooting-dialog.tsx';

/** What a card can do; absent actions are not offered (the caller's role or the column decides). */
export interface ShootingActions {
  onUnassign?: (s: PlannerShooting) => void;
  onResetFlag?: (s: PlannerShooting) => void;
  onAbandon?: (s: PlannerShooting) => void;
  onToggleBillable?: (s: PlannerShooting) => void;
}

interface ShootingCardProps extends ShootingActions {
  shooting: PlannerShooting;
  busy: boolean;
  /** The dispatch selection (unassigned column only). */
  selection?: { checked: boolean; onToggle: (id: number, on: boolean) => void };
  /** Why the last dispatch left it out. */
  note?: string;
  /** Extra content (P2's shooting dialog button, for instance). */
  children?: ReactNode;
}

export const dragId = (s: Pick<PlannerShooting, 'id'>) => `shooting-${s.id}`;

/**
 * One shooting on the board (part 2 §4): a drag handle (mouse, touch and keyboard: dnd-kit), its
 * half-day and address, time (one hour when it has no end), tags 'Saisonnière' and 'Heure Bleue',
 * reshoot ordinal, completion and progress, elapsed days in colour, the forced flag and its
 * removal, abandon and billable (both confirmed by the page).
 */
export const ShootingCard = memo(function ShootingCard({ shooting, busy, selection, note, children, ...actions }: ShootingCardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dragId(shooting), data: { shooting } });
  const address = addressOf(shooting);
  return (
    <Paper component="li" withBorder p="xs" data-shooting-id={shooting.id} style={{ opacity: isDragging ? 0.4 : 1, listStyle: 'none' }}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ActionIcon ref={setNodeRef} variant="subtle" color="gray" size="sm" aria-label={t('planner.drag_label', { address })} {...attributes} {...listeners} style={{ cursor: 'grab', touchAction: 'none', flexShrink: 0 }}>
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          {selection && <Checkbox aria-label={t('planner.select_shooting', { address })} checked={selection.checked} onChange={(e) => selection.onToggle(shooting.id, e.currentTarget.checked)} />}
          <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Badge size="xs" mr={6} variant="outline">
              {t(shooting.am ? 'planner.am' : 'planner.pm')}
            </Badge>
            {address}
          </Text>
        </Group>
        <ShootingFacts shooting={shooting} />
        {note && (
          <Text size="xs" c="orange.9">
            {note}
          </Text>
        )}
        <Group gap={4}>
          {shooting.force_assigned && actions.onResetFlag && (
            <Button size="compact-xs" variant="light" disabled={busy} aria-label={t('planner.reset_flag_label', { address })} onClick={() => actions.onResetFlag!(shooting)}>
              {t('planner.reset_flag')}
            </Button>
          )}
          {actions.onToggleBillable && (
            <Button size="compact-xs" variant="subtle" disabled={busy} aria-label={t(shooting.billable ? 'planner.unbillable_label' : 'planner.billable_label', { address })} onClick={() => actions.onToggleBillable!(shooting)}>
              {t(shooting.billable ? 'planner.make_unbillable' : 'planner.make_billable')}
            </Button>
          )}
          {actions.onAbandon && (
            <Button size="compact-xs" variant="subtle" color="red" disabled={busy} aria-label={t('planner.abandon_label', { address })} onClick={() => actions.onAbandon!(shooting)}>
              {t('planner.abandon')}
            </Button>
          )}
          {shooting.tech_id !== null && actions.onUnassign && (
            <Button size="compact-xs" variant="subtle" color="red" disabled={busy} aria-label={t('planner.unassign_label', { address })} onClick={() => actions.onUnassign!(shooting)}>
              {t('planner.unassign')}
            </Button>
          )}
          <ShootingDialogButton shootingId={shooting.id} address={address} />
          {children}
        </Group>
      </Stack>
    </Paper>
  );
});

/** The readings of a shooting: time, tags, reshoot, progress, elapsed days, forced, billable. */
function ShootingFacts({ shooting }: { shooting: PlannerShooting }) {
  const { t, i18n } = useTranslation();
  const interval = shootingInterval(shooting);
  const progress = progressOf(shooting, Date.now());
  const elapsed = elapsedDays(shooting.scheduleddate, today());
  // Tags of part 2 §4 and §9, those that apply: [key, colour, text].
  const tags: Array<[string, string, string]> = [];
  if (shooting.seasonal) tags.push(['seasonal', 'teal', t('planner.seasonal')]);
  if (shooting.blue_hour) tags.push(['blue_hour', 'indigo', t('planner.blue_hour')]);
  if (shooting.reshoot) tags.push(['reshoot', 'grape', t('planner.reshoot', { n: shooting.reshootIndex })]);
  if (elapsed > 0) tags.push(['elapsed', `${elapsedColour(elapsed)}.9`, t('planner.elapsed', { count: elapsed })]);
  if (shooting.force_assigned) tags.push(['forced', 'orange.9', t('planner.forced')]);
  if (shooting.billable) tags.push(['billable', 'gray', t('planner.billable')]);
  return (
    <Group gap={4}>
      <Text size="xs" c="dimmed">
        {interval
          ? t('planner.time_range', { start: formatClock(interval.start, i18n.language), end: formatClock(interval.end, i18n.language) })
          : t('planner.estimated', { duration: formatDuration(shooting.estimated_duration) })}
      </Text>
      <Badge size="xs" variant="light" color={progress === 'completed' ? 'green' : progress === 'in_progress' ? 'blue' : 'gray'}>
        {t(`planner.progress.${progress}`)}
      </Badge>
      {tags.map(([key, colour, text]) => (
        <Badge key={key} size="xs" variant={key === 'elapsed' ? 'filled' : key === 'forced' || key === 'billable' ? 'outline' : 'light'} color={colour}>
          {text}
        </Badge>
      ))}
    </Group>
  );
}
