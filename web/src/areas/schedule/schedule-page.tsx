import { Alert, Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCalendarFeed, type ScheduleCard } from '#shared/catalogue/schedule.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatClock, formatDay } from '../../i18n/format.ts';
import { ProgressBadge, ShootTimeLine } from '../../app/shooting-progress.tsx';
import { mayCall } from '../../api/client.ts';
import { useSessionUser } from '../session/use-session.ts';
import { CalendarFeedPanel } from './calendar-feed.tsx';
import { scheduleQueries } from './queries.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

/**
 * /schedule (part 2 §2 'Technician daily schedule'): the cards of today's or tomorrow's shootings;
 * for tomorrow, the notice that they may change. The server gives a technician their own only
 * (administrators every assigned shooting, with the technician's name): docs/decisions/0165. Each
 * card shows its status and, once ended, its shoot time against the estimate (docs/decisions/0525).
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const [which, setWhich] = useState<'today' | 'tomorrow'>('today');
  const today = localDateOf(Date.now());
  const date = which === 'today' ? today : addDays(today, 1);
  const query = useQuery(scheduleQueries.day(date));
  const role = useSessionUser()?.role;
  return (
    <Stack>
      <Title order={1}>{t('route.schedule')}</Title>
      <SegmentedControl
        value={which}
        onChange={(value) => setWhich(value === 'tomorrow' ? 'tomorrow' : 'today')}
        data={[
          { value: 'today', label: t('schedule.today') },
          { value: 'tomorrow', label: t('schedule.tomorrow') },
        ]}
        w="fit-content"
      />
      <Text c="dimmed">{formatDay(date, i18n.language)}</Text>
      {which === 'tomorrow' && <Alert color="yellow">{t('schedule.tomorrow_notice')}</Alert>}
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : query.isError ? (
        <Text role="alert">{t('schedule.load_error')}</Text>
      ) : query.data.shootings.length === 0 ? (
        <Text>{t('schedule.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {query.data.shootings.map((s) => (
            <ShootingCard key={s.id} shooting={s} />
          ))}
        </SimpleGrid>
      )}
      {mayCall(getCalendarFeed, role) && <CalendarFeedPanel />}
    </Stack>
  );
}

function ShootingCard({ shooting: s }: { shooting: ScheduleCard }) {
  const { t, i18n } = useTranslation();
  const when = s.starttime ? `${formatClock(s.starttime, i18n.language)}${s.endtime ? ` – ${formatClock(s.endtime, i18n.language)}` : ''}` : t(s.am ? 'schedule.am' : 'schedule.pm');
  const address = [s.listing.address, unitLabel(s.listing.app)].filter(Boolean).join(' ');
  return (
    <Card withBorder component="article" aria-label={address}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={700}>{address}</Text>
          {s.progress && <ProgressBadge progress={s.progress} texts="schedule" />}
        </Group>
        <Text size="sm">{[s.listing.city, s.listing.postalcode].filter(Boolean).join(', ')}</Text>
        <Text size="sm">{when}</Text>
        <Text size="sm">{t('schedule.rooms', { count: s.room_count })}</Text>
        {s.shoot_time && <ShootTimeLine time={s.shoot_time} texts="schedule" />}
        {s.tech && <Text size="sm">{t('schedule.technician', { name: `${s.tech.firstname} ${s.tech.lastname}` })}</Text>}
        <Text size="sm" c="dimmed">
          {t('schedule.broker', { name: `${s.listing.broker.firstname} ${s.listing.broker.lastname}` })}
        </Text>
        {s.note && <Text size="sm">{s.note}</Text>}
        {(s.seasonal || s.blue_hour) && (
          <Group gap="xs">
            {s.seasonal && <Badge color="teal">{t('schedule.seasonal')}</Badge>}
            {s.blue_hour && <Badge color="indigo">{t('schedule.blue_hour')}</Badge>}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
