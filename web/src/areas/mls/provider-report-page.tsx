import { Alert, Anchor, Button, Card, Group, Progress, Select, SimpleGrid, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProviderBroker, type ProviderSortColumn } from '#shared/entities/provider.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDateTime, formatNumber, formatPercent } from '../../i18n/format.ts';
import { downloadCentrisCsv, mlsQueries, type BrokerScope } from './queries.ts';

/** Row colours of the client status (part 3 §9): 1 green, 2 yellow, 3 white. */
const ROW_COLOUR: Record<1 | 2 | 3, string | undefined> = { 1: 'var(--mantine-color-green-1)', 2: 'var(--mantine-color-yellow-1)', 3: undefined };
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** /mlsProvider and /centris (screen 9): the Courtiers and Franchises tabs, under the title of the route that shows them. */
export function ProviderReportPage({ titleKey = 'route.mlsProvider' }: { titleKey?: 'route.mlsProvider' | 'route.centris' }) {
  const { t, i18n } = useTranslation();
  const filters = useQuery(mlsQueries.filters());
  return (
    <Stack>
      <Title order={1}>{t(titleKey)}</Title>
      {filters.data && <Text c="dimmed">{filters.data.imported_at ? t('provider.imported_at', { when: formatDateTime(filters.data.imported_at, i18n.language) }) : t('provider.never_imported')}</Text>}
      <Tabs defaultValue="brokers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="brokers">{t('provider.tab.brokers')}</Tabs.Tab>
          <Tabs.Tab value="franchises">{t('provider.tab.franchises')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="brokers" pt="md">
          <BrokersTab />
        </Tabs.Panel>
        <Tabs.Panel value="franchises" pt="md">
          <FranchisesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BrokersTab() {
  const { t, i18n } = useTranslation();
  const filters = useQuery(mlsQueries.filters());
  const [scope, setScope] = useState<BrokerScope>({ sortColumn: 'count', sortDir: 'desc' });
  const list = useInfiniteQuery(mlsQueries.brokers(scope));
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = end.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [list]);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  // Every franchise until a banner is chosen, then only the banner's (§9).
  const franchises = (filters.data?.franchises ?? []).filter((f) => !scope.banner || f.banner_code === scope.banner);
  const sortBy = (column: ProviderSortColumn) => setScope((s) => ({ ...s, sortColumn: column, sortDir: s.sortColumn === column && s.sortDir === 'desc' ? 'asc' : 'desc' }));
  const n = (v: number) => formatNumber(v, i18n.language);
  const header = (column: ProviderSortColumn | null, label: string) => (
    <Table.Th key={label} aria-sort={column && scope.sortColumn === column ? (scope.sortDir === 'asc' ? 'ascending' : 'descending') : undefined}>
      {column ? (
        <UnstyledButton onClick={() => sortBy(column)} fw={600} fz="sm">
          {label} {scope.sortColumn === column ? (scope.sortDir === 'asc' ? '▲' : '▼') : ''}
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('provider.banner')}
          placeholder={t('provider.all')}
          clearable
          data={(filters.data?.banners ?? []).map((b) => ({ value: b.code, label: b.french_name }))}
          value={scope.banner ?? null}
          onChange={(v) => setScope((s) => ({ sortColumn: s.sortColumn, sortDir: s.sortDir, ...(v ? { banner: v } : {}) }))}
          w={220}
        />
        <Select
          label={t('provider.franchise')}
          placeholder={t('provider.all')}
          clearable
          searchable
          data={franchises.map((f) => ({ value: f.code, label: f.legal_name }))}
          value={scope.franchise ?? null}
          onChange={(v) => setScope((s) => ({ sortColumn: s.sortColumn, sortDir: s.sortDir, ...(s.banner ? { banner: s.banner } : {}), ...(v ? { franchise: v } : {}) }))}
          w={280}
        />
        <Button
          variant="default"
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            setDownloadFailed(false);
            void downloadCentrisCsv(scope)
              .catch(() => setDownloadFailed(true))
              .finally(() => setDownloading(false));
          }}
        >
          {t('provider.download')}
        </Button>
      </Group>
      {downloadFailed && (
        <Alert color="red" role="alert">
          {t('provider.download_failed')}
        </Alert>
      )}
      {list.isError ? (
        <Alert color="red">{t('provider.load_failed')}</Alert>
      ) : list.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : (
        <>
          <Text c="dimmed">{t('provider.total', { count: total, formatted: n(total) })}</Text>
          <Table.ScrollContainer minWidth={1100}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  {header('code', t('provider.col.code'))}
                  {header('name', t('provider.col.name'))}
                  {header(null, t('provider.col.phone'))}
                  {header(null, t('provider.col.email'))}
                  {header(null, t('provider.col.banner'))}
                  {header(null, t('provider.col.franchise'))}
                  {header('city', t('provider.col.city'))}
                  {header('count', t('provider.col.count'))}
                  {header('allListing', t('provider.col.allListing'))}
                  {header('marketListing', t('provider.col.marketListing'))}
                  {header('hausBroker', t('provider.col.client'))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((b: ProviderBroker) => (
                  <Table.Tr key={b.code} style={{ backgroundColor: ROW_COLOUR[b.hausBroker] }}>
                    <Table.Td>
                      <Anchor href={`/centris/broker/${encodeURIComponent(b.code)}`} target="_blank" rel="noopener">
                        {b.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {b.firstname} {b.lastname}
                    </Table.Td>
                    <Table.Td>{b.main_phone}</Table.Td>
                    <Table.Td>{b.email}</Table.Td>
                    <Table.Td>{b.banner}</Table.Td>
                    <Table.Td>{b.franchise}</Table.Td>
                    <Table.Td>{b.city}</Table.Td>
                    <Table.Td>{n(b.count)}</Table.Td>
                    <Table.Td>{n(b.allListing)}</Table.Td>
                    <Table.Td>
                      {n(b.marketListing)} ({formatPercent(percent(b.marketListing, b.count), i18n.language)})
                    </Table.Td>
                    <Table.Td>{t(`provider.client.${b.hausBroker}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <div ref={end} />
          {list.isFetchingNextPage && <DelayedLoader label={t('common.loading')} />}
        </>
      )}
    </Stack>
  );
}

function FranchisesTab() {
  const { t, i18n } = useTranslation();
  const filters = useQuery(mlsQueries.filters());
  if (filters.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (filters.isError) return <Alert color="red">{t('provider.load_failed')}</Alert>;
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Stack>
      {filters.data.banners.map((banner) => {
        const share = percent(banner.hausCount, banner.centrisCount);
        return (
          <Stack key={banner.code} gap="xs">
            <Title order={2} size="h3">
              {t('provider.banner_share', { name: banner.french_name, share: t('provider.share', { ours: n(banner.hausCount), total: n(banner.centrisCount), percent: formatPercent(share, i18n.language) }) })}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {filters.data.franchises
                .filter((f) => f.banner_code === banner.code)
                .map((f) => {
                  const p = percent(f.hausCount, f.centrisCount);
                  return (
                    <Card key={f.code} withBorder padding="sm">
                      <Text fw={600}>{f.legal_name}</Text>
                      <Text size="sm">{t('provider.share', { ours: n(f.hausCount), total: n(f.centrisCount), percent: formatPercent(p, i18n.language) })}</Text>
                      <Progress value={p} color={p >= 20 ? 'green' : p >= 5 ? 'yellow' : 'gray'} aria-label={t('provider.share_of', { name: f.legal_name })} />
                    </Card>
                  );
                })}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}


/** /centris: the same report under its own title. */
export const CentrisReportPage = () => <ProviderReportPage titleKey="route.centris" />;
