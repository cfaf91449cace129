import { Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import { addressOf } from './queries.ts';
import { techName, type TechFigures } from './tech-card.tsx';

interface UnassignedListProps {
  shootings: readonly ShootingView[];
  techs: readonly TechFigures[];
  /** Why the last dispatch left a shooting out, by shooting id. */
  unserved: ReadonlyMap<number, string>;
  busy: boolean;
  onDispatch: (ids: number[]) => void;
  onAssign: (shooting: ShootingView, techId: number) => void;
}

/**
 * The day's unassigned shootings (part 2, planner right column): all selected for the dispatch by
 * default, and a technician select per shooting for a manual assignment (this version's stand-in
 * for drag and drop, docs/decisions/0070-planner-first-version.md).
 */
export function UnassignedList({ shootings, techs, unserved, busy, onDispatch, onAssign }: UnassignedListProps) {
  const { t } = useTranslation();
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

  if (shootings.length === 0) return <Text c="dimmed">{t('planner.no_unassigned')}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Checkbox
          label={t('planner.select_all')}
          checked={selected.length === shootings.length}
          indeterminate={selected.length > 0 && selected.length < shootings.length}
          onChange={(e) => setExcluded(e.currentTarget.checked ? new Set() : new Set(shootings.map((s) => s.id)))}
        />
        <Button disabled={busy || selected.length === 0 || techs.length === 0} onClick={() => onDispatch(selected.map((s) => s.id))}>
          {t('planner.dispatch')}
        </Button>
      </Group>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {shootings.map((s) => (
          <UnassignedShooting key={s.id} shooting={s} techs={techs} checked={!excluded.has(s.id)} reason={unserved.get(s.id)} busy={busy} onToggle={toggle} onAssign={onAssign} />
        ))}
      </Stack>
    </Stack>
  );
}

interface UnassignedShootingProps {
  shooting: ShootingView;
  techs: readonly TechFigures[];
  checked: boolean;
  reason: string | undefined;
  busy: boolean;
  onToggle: (id: number, on: boolean) => void;
  onAssign: (shooting: ShootingView, techId: number) => void;
}

function UnassignedShooting({ shooting, techs, checked, reason, busy, onToggle, onAssign }: UnassignedShootingProps) {
  const { t } = useTranslation();
  const [techId, setTechId] = useState('');
  const address = addressOf(shooting);
  const options = [
    { value: '', label: t('planner.choose_tech') },
    ...techs.map((tech) => ({ value: String(tech.tech_id), label: tech.locked ? t('planner.tech_locked_suffix', { name: techName(tech) }) : techName(tech) })),
  ];
  return (
    <Paper component="li" withBorder p="xs" data-shooting-id={shooting.id}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Checkbox aria-label={t('planner.select_shooting', { address })} checked={checked} onChange={(e) => onToggle(shooting.id, e.currentTarget.checked)} />
          <Text size="sm">
            <Badge size="xs" mr={6} variant="outline">
              {t(shooting.am ? 'planner.am' : 'planner.pm')}
            </Badge>
            {address}
          </Text>
        </Group>
        {reason && (
          <Text size="xs" c="orange">
            {t('planner.unserved', { reason: t(`planner.reason.${reason}`) })}
          </Text>
        )}
        {techs.length > 0 && (
          <Group gap="xs" wrap="nowrap">
            <NativeSelect size="xs" aria-label={t('planner.tech_for', { address })} data={options} value={techId} onChange={(e) => setTechId(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button size="xs" variant="light" disabled={busy || techId === ''} onClick={() => onAssign(shooting, Number(techId))}>
              {t('planner.assign')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
