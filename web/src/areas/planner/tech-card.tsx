import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { techDayFigures } from '#shared/catalogue/planner.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import type * as z from '#shared/zod.ts';
import { formatDuration, formatKm, formatMoney } from '../../i18n/format.ts';
import { addressOf } from './queries.ts';

export type TechFigures = z.infer<typeof techDayFigures>;

export const techName = (tech: Pick<TechFigures, 'firstname' | 'lastname' | 'tech_id'>) => `${tech.firstname} ${tech.lastname}`.trim() || `#${tech.tech_id}`;

interface TechCardProps {
  tech: TechFigures;
  /** The day's shootings by id, to show the route's addresses. */
  shootings: ReadonlyMap<number, ShootingView>;
  busy: boolean;
  onUnassign: (shooting: ShootingView) => void;
}

/**
 * One technician of the day (part 2, planner left column): lock state (read-only in this version),
 * shooting count, kilometres, cost, travel time and the shootings in route order.
 */
export function TechCard({ tech, shootings, busy, onUnassign }: TechCardProps) {
  const { t, i18n } = useTranslation();
  const name = techName(tech);
  return (
    <Card withBorder component="section" aria-label={name} data-tech-id={tech.tech_id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          <Badge color={tech.locked ? 'gray' : 'green'} variant="light">
            {t(tech.locked ? 'planner.locked' : 'planner.unlocked')}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
          <Figure label={t('planner.shooting_count')} value={String(tech.shooting_count)} />
          <Figure label={t('planner.km')} value={formatKm(tech.km, i18n.language)} />
          <Figure label={t('planner.cost')} value={formatMoney(tech.cost, i18n.language)} />
          <Figure label={t('planner.transit_time')} value={formatDuration(tech.transit_time)} />
        </SimpleGrid>
        {!tech.feasible && (
          <Text size="sm" c="red">
            {t('planner.infeasible')}
          </Text>
        )}
        {tech.route.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('planner.no_shootings_for_tech')}
          </Text>
        ) : (
          <Stack component="ol" gap={4} m={0} pl="md">
            {tech.route.map((id) => {
              const shooting = shootings.get(id);
              const address = shooting ? addressOf(shooting) : `#${id}`;
              return (
                <li key={id} data-shooting-id={id}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm">
                      {shooting && (
                        <Badge size="xs" mr={6} variant="outline">
                          {t(shooting.am ? 'planner.am' : 'planner.pm')}
                        </Badge>
                      )}
                      {address}
                    </Text>
                    {shooting && (
                      <Button size="compact-xs" variant="subtle" color="red" style={{ flexShrink: 0 }} disabled={busy} aria-label={t('planner.unassign_label', { address })} onClick={() => onUnassign(shooting)}>
                        {t('planner.unassign')}
                      </Button>
                    )}
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
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
