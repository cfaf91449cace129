import { Anchor, Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlannerShooting, ScheduledTech, techDayFigures } from '#shared/catalogue/planner.ts';
import type * as z from '#shared/zod.ts';
import { formatClock, formatDuration, formatKm, formatMoney } from '../../i18n/format.ts';
import { addressOf } from './queries.ts';
import { ShootingCard, type ShootingActions } from './shooting-card.tsx';

export type TechFigures = z.infer<typeof techDayFigures>;

export const techName = (tech: { firstname: string; lastname: string; id?: number; tech_id?: number }) => `${tech.firstname} ${tech.lastname}`.trim() || `#${tech.id ?? tech.tech_id}`;

/** How a drop zone looks while a shooting is dragged (part 2 §4): free green, busy red, locked grey. */
export type DropTone = 'free' | 'busy' | 'locked';
const TONE_COLOUR: Record<DropTone, string> = { free: 'green', busy: 'red', locked: 'gray' };

export const dropId = (tech: Pick<ScheduledTech, 'id'>) => `tech-${tech.id}`;

interface TechCardProps extends ShootingActions {
  tech: ScheduledTech;
  figures: TechFigures | undefined;
  /** The technician's shootings in route order. */
  shootings: readonly PlannerShooting[];
  /** Set while a shooting is dragged. */
  tone: DropTone | undefined;
  busy: boolean;
  onLock: (tech: ScheduledTech, locked: boolean) => void;
  onCopy: (tech: ScheduledTech, addresses: string[]) => void;
  /** Opens a shooting's invoice (absent for a role that may not). */
  onInvoice?: (s: PlannerShooting) => void;
}

/**
 * One technician available that day (part 2, planner left column), a drop zone for shootings: the
 * lock toggle, shooting count, km, cost, travel time, depot, unavailabilities, links to the route
 * from home and from the office (depot), copy of the route's addresses, and the shootings.
 */
export const TechCard = memo(function TechCard({ tech, figures, shootings, tone, busy, onLock, onCopy, onInvoice, ...actions }: TechCardProps) {
  const { t, i18n } = useTranslation();
  const name = techName(tech);
  const { setNodeRef, isOver } = useDroppable({ id: dropId(tech), data: { label: name, tone } });
  const colour = tone ? TONE_COLOUR[tone] : undefined;
  const addresses = shootings.map(addressOf);
  const depotAddress = tech.depot ? [[tech.depot.civic_number, tech.depot.street].filter(Boolean).join(' '), tech.depot.city].filter(Boolean).join(', ') : null;
  return (
    <Card
      ref={setNodeRef}
      withBorder
      component="section"
      aria-label={name}
      data-tech-id={tech.id}
      data-drop-tone={tone}
      style={
        colour
          ? { borderColor: `var(--mantine-color-${colour}-6)`, borderWidth: isOver ? 3 : 2, background: `var(--mantine-color-${colour}-light)` }
          : undefined
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {name}
            {tech.freelance && (
              <Badge size="xs" ml={6} variant="light">
                {t('planner.freelance')}
              </Badge>
            )}
          </Text>
          <Switch
            size="sm"
            label={t('planner.locked')}
            aria-label={t('planner.lock_label', { name })}
            checked={tech.locked}
            disabled={busy}
            onChange={(e) => onLock(tech, e.currentTarget.checked)}
          />
        </Group>
        {tone && (
          <Text size="xs" fw={600} c={tone === 'free' ? 'green.9' : tone === 'busy' ? 'red.9' : 'gray.9'}>
            {t(`planner.tone.${tone}`)}
          </Text>
        )}
        <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
          <Figure label={t('planner.shooting_count')} value={String(figures?.shooting_count ?? shootings.length)} />
          <Figure label={t('planner.km')} value={formatKm(figures?.km ?? 0, i18n.language)} />
          <Figure label={t('planner.cost')} value={formatMoney(figures?.cost ?? 0, i18n.language)} />
          <Figure label={t('planner.transit_time')} value={formatDuration(figures?.transit_time ?? 0)} />
        </SimpleGrid>
        {depotAddress && <Figure label={t('planner.depot')} value={depotAddress} />}
        {tech.unavailabilities.map((u) => (
          <Text key={u.id} size="xs" c="orange.9">
            {t('planner.unavailable', { start: formatClock(u.start, i18n.language), end: formatClock(u.end, i18n.language), summary: u.summary })}
          </Text>
        ))}
        {figures && !figures.feasible && (
          <Text size="sm" c="red.9">
            {t('planner.infeasible')}
          </Text>
        )}
        {shootings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('planner.no_shootings_for_tech')}
          </Text>
        ) : (
          <>
            <Group gap="xs">
              {tech.home && (
                <Anchor size="xs" href={directionsUrl(tech.home, shootings)} target="_blank" rel="noopener noreferrer">
                  {t('planner.route_home')}
                </Anchor>
              )}
              {tech.depot && (
                <Anchor size="xs" href={directionsUrl(tech.depot, shootings)} target="_blank" rel="noopener noreferrer">
                  {t('planner.route_office')}
                </Anchor>
              )}
              <Button size="compact-xs" variant="subtle" aria-label={t('planner.copy_label', { name })} onClick={() => onCopy(tech, addresses)}>
                {t('planner.copy')}
              </Button>
              {onInvoice && <InvoicesMenu name={name} shootings={shootings} onInvoice={onInvoice} />}
            </Group>
            <Stack component="ol" gap={4} m={0} p={0}>
              {shootings.map((s) => (
                <ShootingCard key={s.id} shooting={s} busy={busy} {...actions} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
});

/** Part 2 'open invoices': the technician's billable shootings, each opening its invoice (docs/decisions/0181). */
function InvoicesMenu({ name, shootings, onInvoice }: { name: string; shootings: readonly PlannerShooting[]; onInvoice: (s: PlannerShooting) => void }) {
  const { t } = useTranslation();
  const billable = shootings.filter((s) => s.billable);
  return (
    <Menu position="bottom-start" shadow="md">
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" aria-label={t('planner.invoices_label', { name })}>
          {t('planner.invoices')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t(billable.length === 0 ? 'planner.invoices_none' : 'planner.invoices_hint')}</Menu.Label>
        {billable.map((s) => (
          <Menu.Item key={s.id} onClick={() => onInvoice(s)}>
            {addressOf(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A route that starts and ends at `from` through the shootings in order (a directions link of the maps provider). */
function directionsUrl(from: { lat: number; lng: number }, shootings: readonly PlannerShooting[]): string {
  const point = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;
  const params = new URLSearchParams({ api: '1', origin: point(from), destination: point(from), travelmode: 'driving', waypoints: shootings.map((s) => point(s.listing)).join('|') });
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      <Text span fw={500} size="sm">
        {value}
      </Text>
    </Text>
  );
}
