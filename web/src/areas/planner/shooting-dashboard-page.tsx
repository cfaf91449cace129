import { ActionIcon, Alert, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedShooting } from '#shared/catalogue/shootings.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatClock, formatDay, formatDuration } from '../../i18n/format.ts';
import { ProgressBadge, ShootTimeLine } from '../../app/shooting-progress.tsx';
import { plannerQueries, shiftDay, today } from './queries.ts';
import { dashboardSections } from './dashboard-sections.ts';
import { DayPickerInput } from '../../components/day-picker-input.tsx';
import { unitLabel } from '#shared/rules/unit-label.ts';

/**
 * /shootingdashboard for roles 1, 2, 5, 8 (part 2 'Shooting dashboard'): a date picker (today by
 * default) and, per technician of the day (the planner's: those available or holding shootings,
 * and any other holding one), a grid of their shootings in route order, 3 per row on wide screens,
 * or 'has no shootings'. Each
 * card shows its status and, once ended, its shoot time against the estimate (docs/decisions/0525).
 */
export function ShootingDashboardPage() {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState(today);
  const figures = useQuery(plannerQueries.figures(date));
  const shootings = useQuery(plannerQueries.shootings(date));
  const sections = useMemo(() => (figures.data && shootings.data ? dashboardSections(figures.data.techs, shootings.data, i18n.language) : []), [figures.data, shootings.data, i18n.language]);

  return (
    <Stack gap="md">
      <Title order={1}>{t('route.shootingdashboard')}</Title>
      <Group gap="xs" align="flex-end">
        <ActionIcon variant="default" size="lg" aria-label={t('planner.previous_day')} onClick={() => setDate(shiftDay(date, -1))}>
          ‹
        </ActionIcon>
        <DayPickerInput label={t('shootingdashboard.date')} value={date} onChange={(value) => value && setDate(value)} w={160} />
        <ActionIcon variant="default" size="lg" aria-label={t('planner.next_day')} onClick={() => setDate(shiftDay(date, 1))}>
          ›
        </ActionIcon>
      </Group>
      <Text fw={500} data-testid="dashboard-date">
        {formatDay(date, i18n.language)}
      </Text>
      {figures.isError || shootings.isError ? (
        <Alert color="red">{t('shootingdashboard.load_error')}</Alert>
      ) : figures.isPending || shootings.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : sections.length === 0 ? (
        <Text>{t('planner.no_tech')}</Text>
      ) : (
        sections.map(({ id, name, working, mine }) => {
          return (
            <Box key={id} component="section" aria-label={name} data-tech-id={id}>
              <Stack gap="xs">
              <Title order={2} size="h4">
                {name}
              </Title>
              {!working && <Text size="sm" c="dimmed">{t('shootingdashboard.not_working')}</Text>}
              {mine.length === 0 ? (
                <Text c="dimmed">{t('shootingdashboard.no_shootings', { name })}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {mine.map((s, index) => (
                    <DashboardCard key={s.id} shooting={s} order={index + 1} />
                  ))}
                </SimpleGrid>
              )}
              </Stack>
            </Box>
          );
        })
      )}
    </Stack>
  );
}

function DashboardCard({ shooting: s, order }: { shooting: ListedShooting; order: number }) {
  const { t, i18n } = useTranslation();
  const address = [s.listing.address, unitLabel(s.listing.app)].filter(Boolean).join(' ');
  const when = s.starttime ? `${formatClock(s.starttime, i18n.language)}${s.endtime ? ` – ${formatClock(s.endtime, i18n.language)}` : ''}` : t(s.am ? 'planner.am' : 'planner.pm');
  return (
    <Card withBorder component="article" aria-label={address} data-shooting-id={s.id}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>
            {order}. {address}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {when}
          </Badge>
        </Group>
        {s.progress && <ProgressBadge progress={s.progress} texts="shootingdashboard" />}
        <Text size="sm">{[s.listing.city, s.listing.postalcode].filter(Boolean).join(' ')}</Text>
        <Text size="sm" c="dimmed">
          {t('shootingdashboard.details', { rooms: s.room_count, duration: formatDuration(s.estimated_duration, i18n.language) })}
        </Text>
        {s.shoot_time && <ShootTimeLine time={s.shoot_time} texts="shootingdashboard" />}
        {s.only_360 && <Badge size="sm" variant="outline">{t('shootingdashboard.only_360')}</Badge>}
        {s.note && <Text size="sm">{s.note}</Text>}
      </Stack>
    </Card>
  );
}
