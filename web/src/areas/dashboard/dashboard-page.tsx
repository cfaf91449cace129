import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardPanel, StateCounts } from '#shared/catalogue/dashboard.ts';
import { pathOf } from '#shared/routes.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay, formatDayShort, formatNumber, formatSize, formatTimestamp } from '../../i18n/format.ts';
import { dashboardQueries, stateKey } from './queries.ts';

type PanelOf<K extends DashboardPanel['kind']> = Extract<DashboardPanel, { kind: K }>;

/**
 * /dashboard: what the caller's role needs first thing in the morning (docs/decisions/0160). The
 * server chooses the panels of the role and counts them from stored data; this page shows them.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const query = useQuery(dashboardQueries.today());
  return (
    <Stack>
      <Title order={1}>{t('route.dashboard')}</Title>
      {query.data ? <Text c="dimmed">{formatDay(query.data.date, i18n.language)}</Text> : null}
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : query.isError ? (
        <Text role="alert">{t('dashboard.load_error')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {query.data.panels.map((panel) => (
            <Panel key={panel.kind} panel={panel} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Panel({ panel }: { panel: DashboardPanel }) {
  switch (panel.kind) {
    case 'shootings':
      return <ShootingsPanel panel={panel} />;
    case 'production':
      return <ProductionPanel panel={panel} />;
    case 'week':
      return <WeekPanel panel={panel} />;
    case 'injector':
      return <InjectorPanel panel={panel} />;
    case 'tickets':
      return <TicketsPanel panel={panel} />;
    case 'listings':
      return <ListingsPanel panel={panel} />;
    case 'releases':
      return <ReleasesPanel panel={panel} />;
  }
}

function PanelCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A labelled figure on one line. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={700}>
        {value}
      </Text>
    </Group>
  );
}

function StateList({ counts }: { counts: StateCounts }) {
  const { t, i18n } = useTranslation();
  if (counts.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {counts.map((c) => t('dashboard.state_count', { state: t(stateKey(c.state)), count: formatNumber(c.count, i18n.language) })).join(' · ')}
    </Text>
  );
}

function ShootingsPanel({ panel }: { panel: PanelOf<'shootings'> }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <PanelCard title={t(panel.scope === 'own' ? 'dashboard.shootings.title_own' : 'dashboard.shootings.title_all')}>
      {panel.days.map((day, index) => (
        <Stack key={day.date} gap={2}>
          <Text fw={600}>
            {t(index === 0 ? 'dashboard.today' : 'dashboard.tomorrow')} — {formatDayShort(day.date, i18n.language)}
          </Text>
          <Figure label={t('dashboard.shootings.total')} value={n(day.total)} />
          {day.unassigned !== null ? <Figure label={t('dashboard.shootings.unassigned')} value={n(day.unassigned)} /> : null}
          <StateList counts={day.by_state} />
        </Stack>
      ))}
    </PanelCard>
  );
}

function ProductionPanel({ panel }: { panel: PanelOf<'production'> }) {
  const { t, i18n } = useTranslation();
  const period = { from: formatDayShort(panel.from, i18n.language), to: formatDayShort(panel.to, i18n.language) };
  return (
    <PanelCard title={t(panel.scope === 'own' ? 'dashboard.production.title_own' : 'dashboard.production.title_all')}>
      <Text size="sm" c="dimmed">
        {t('dashboard.period', period)}
      </Text>
      {panel.by_state.length === 0 ? (
        <Text size="sm">{t('dashboard.production.none')}</Text>
      ) : (
        panel.by_state.map((c) => <Figure key={c.state} label={t(stateKey(c.state))} value={formatNumber(c.count, i18n.language)} />)
      )}
      <Text size="sm">
        {panel.oldest_under_review
          ? t('dashboard.production.oldest_under_review', { day: formatDayShort(panel.oldest_under_review, i18n.language) })
          : t('dashboard.production.none_under_review')}
      </Text>
    </PanelCard>
  );
}

function WeekPanel({ panel }: { panel: PanelOf<'week'> }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <PanelCard title={t('dashboard.week.title')}>
      <Text size="sm" c="dimmed">
        {t('dashboard.period', { from: formatDayShort(panel.from, i18n.language), to: formatDayShort(panel.to, i18n.language) })}
      </Text>
      <Figure label={t('dashboard.week.shootings')} value={n(panel.shootings_total)} />
      <Figure label={t('dashboard.week.delivered')} value={n(panel.delivered)} />
      <Figure label={t('dashboard.week.tickets_open')} value={n(panel.tickets_open)} />
      <Figure label={t('dashboard.week.tickets_opened')} value={n(panel.tickets_opened)} />
      <StateList counts={panel.shootings_by_state} />
    </PanelCard>
  );
}

function InjectorPanel({ panel }: { panel: PanelOf<'injector'> }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <PanelCard title={t(panel.scope === 'own' ? 'dashboard.injector.title_own' : 'dashboard.injector.title_all')}>
      <Text size="sm" c="dimmed">
        {t('dashboard.period', { from: formatDayShort(panel.from, lng), to: formatDayShort(panel.to, lng) })}
      </Text>
      <Figure label={t('dashboard.injector.files')} value={formatNumber(panel.file_count, lng)} />
      <Figure label={t('dashboard.injector.bytes')} value={formatSize(panel.bytes, lng)} />
      <Title order={3} size="h5">
        {t('dashboard.injector.cards')}
      </Title>
      {panel.cards.length === 0 ? (
        <Text size="sm">{t('dashboard.injector.no_cards')}</Text>
      ) : (
        panel.cards.map((card) => (
          <Text size="sm" key={`${card.date}-${card.user_id}-${card.sd_card}-${card.state}`}>
            {t('dashboard.injector.card', {
              card: card.sd_card,
              state: t(`dashboard.sd_state.${card.state}`),
              when: formatTimestamp(card.end_date ?? card.start_date, lng),
            })}
          </Text>
        ))
      )}
      <Title order={3} size="h5">
        {t('dashboard.injector.recent')}
      </Title>
      {panel.recent_files.length === 0 ? (
        <Text size="sm">{t('dashboard.injector.no_files')}</Text>
      ) : (
        panel.recent_files.map((file) => (
          <Text size="sm" key={`${file.date}-${file.user_id}-${file.name}`} style={{ overflowWrap: 'anywhere' }}>
            {t('dashboard.injector.file', { name: file.name, size: formatSize(file.size, lng), when: formatTimestamp(file.updated, lng) })}
          </Text>
        ))
      )}
      <Anchor component={Link} to={pathOf('remote_injector')} size="sm">
        {t('dashboard.injector.open')}
      </Anchor>
    </PanelCard>
  );
}

function TicketsPanel({ panel }: { panel: PanelOf<'tickets'> }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <PanelCard title={t(panel.scope === 'own' ? 'dashboard.tickets.title_own' : 'dashboard.tickets.title_all')}>
      <Figure label={t('dashboard.tickets.open')} value={formatNumber(panel.open, lng)} />
      <Figure label={t('dashboard.tickets.opened_last_7_days')} value={formatNumber(panel.opened_last_7_days, lng)} />
      <Text size="sm">
        {panel.oldest_open ? t('dashboard.tickets.oldest_open', { when: formatTimestamp(panel.oldest_open, lng) }) : t('dashboard.tickets.none_open')}
      </Text>
      <Anchor component={Link} to={pathOf('tickets')} size="sm">
        {t('dashboard.tickets.open_list')}
      </Anchor>
    </PanelCard>
  );
}

function ListingsPanel({ panel }: { panel: PanelOf<'listings'> }) {
  const { t, i18n } = useTranslation();
  return (
    <PanelCard title={t('dashboard.listings.title')}>
      {panel.recent.length === 0 ? (
        <Text size="sm">{t('dashboard.listings.none')}</Text>
      ) : (
        panel.recent.map((listing) => (
          <Stack key={listing.id} gap={0}>
            <Text size="sm" fw={600}>
              {listing.address}, {listing.city}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dashboard.listings.line', {
                broker: listing.broker,
                when: formatTimestamp(listing.updated_at, i18n.language),
                link: t(listing.has_delivery_link ? 'dashboard.listings.has_link' : 'dashboard.listings.no_link'),
              })}
            </Text>
          </Stack>
        ))
      )}
    </PanelCard>
  );
}

/** Each app's highest version: public or not, its file uploaded or not, and how many versions it has. */
function ReleasesPanel({ panel }: { panel: PanelOf<'releases'> }) {
  const { t, i18n } = useTranslation();
  return (
    <PanelCard title={t('dashboard.releases.title')}>
      {panel.apps.map(({ app, count, latest }) => (
        <Stack key={app} gap={0}>
          <Text size="sm" fw={600}>
            {app}
          </Text>
          <Text size="sm" c="dimmed">
            {latest
              ? t('dashboard.releases.latest', {
                  version: latest.version,
                  state: t(latest.uploaded ? (latest.public ? 'dashboard.releases.public' : 'dashboard.releases.private') : 'dashboard.releases.no_file'),
                  count,
                  formatted: formatNumber(count, i18n.language),
                })
              : t('dashboard.releases.none')}
          </Text>
        </Stack>
      ))}
    </PanelCard>
  );
}
