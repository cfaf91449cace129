import { Alert, Anchor, Badge, Button, Group, Image, Pagination, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MLS_LOOKBACK_MONTHS, MLS_PAGE_SIZES, MATCH_TABS } from '#shared/catalogue/mls.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { MlsInput } from './mls-input.tsx';
import { mlsQueries } from './queries.ts';
import { pagesOf } from './pages.ts';

/**
 * /ListingMlsMatch: screen 7 (tabs Associées, Non Associées, Mls Null: each of our recent listings
 * with the provider record the automatic matching found) and screen 6 (listings without MLS,
 * six months back, pages of 10, 25, 50 or 100, Refresh).
 */
export function MlsMatchPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('route.ListingMlsMatch')}</Title>
      <Text c="dimmed">{t('mls.intro', { months: MLS_LOOKBACK_MONTHS })}</Text>
      <Tabs defaultValue="associated" keepMounted={false}>
        <Tabs.List>
          {MATCH_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`mls.tab.${tab}`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="without">{t('mls.tab.without')}</Tabs.Tab>
        </Tabs.List>
        {MATCH_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <MatchTab tab={tab} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="without" pt="md">
          <WithoutMls />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function MatchTab({ tab }: { tab: (typeof MATCH_TABS)[number] }) {
  const { t, i18n } = useTranslation();
  const matches = useQuery(mlsQueries.matches());
  if (matches.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (matches.isError) return <Alert color="red">{t('mls.load_failed')}</Alert>;
  const items = matches.data.items.filter((i) => i.tab === tab);
  const { matched, ambiguous, unmatched } = matches.data.counts;
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Stack>
      <Text c="dimmed">{t('mls.counts', { matched: n(matched), ambiguous: n(ambiguous), unmatched: n(unmatched) })}</Text>
      {items.length === 0 ? (
        <Text>{t('mls.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mls.col.listing')}</Table.Th>
                <Table.Th>{t('mls.col.provider')}</Table.Th>
                <Table.Th>{t('mls.col.outcome')}</Table.Th>
                <Table.Th>{t('mls.col.mls')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => {
                const shown = item.provider ? [item.provider] : item.candidates;
                return (
                  <Table.Tr key={item.listing.id}>
                    <Table.Td>
                      {item.listing.id} · {item.listing.address}
                      {item.listing.app ? `, ${item.listing.app}` : ''}, {item.listing.city}
                    </Table.Td>
                    <Table.Td>
                      {shown.length === 0
                        ? t('mls.no_provider')
                        : shown.map((p) => (
                            <div key={p.mls}>
                              {p.mls} · {p.civic_number_start} {p.street}
                              {p.appartement ? `, ${p.appartement}` : ''}, {p.municipality}
                            </div>
                          ))}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={item.outcome === 'matched' ? 'green' : item.outcome === 'ambiguous' ? 'yellow' : 'gray'}>{t(`mls.outcome.${item.outcome}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <MlsInput listingId={item.listing.id} initial={item.listing.mls ?? item.provider?.mls ?? ''} stored={item.listing.mls} label={t('mls.mls_of', { id: item.listing.id })} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function WithoutMls() {
  const { t } = useTranslation();
  const list = useQuery(mlsQueries.withoutMls());
  const [size, setSize] = useState<string>('10');
  const [chosenPage, setPage] = useState(1);
  const per = Number(size);
  const listings = list.data ?? [];
  const { pages, page } = pagesOf(listings.length, per, chosenPage);
  const shown = listings.slice((page - 1) * per, page * per);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Select label={t('mls.page_size')} data={MLS_PAGE_SIZES.map(String)} value={size} onChange={(v) => (setSize(v ?? '10'), setPage(1))} w={120} allowDeselect={false} />
        <Button variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('mls.refresh')}
        </Button>
      </Group>
      {list.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="red">{t('mls.load_failed')}</Alert>
      ) : listings.length === 0 ? (
        <Text>{t('mls.none')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mls.col.picture')}</Table.Th>
                  <Table.Th>{t('mls.col.address')}</Table.Th>
                  <Table.Th>{t('mls.col.mls')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.picture_url ? <Image src={l.picture_url} alt={l.address} w={80} h={60} fit="cover" /> : <Text c="dimmed">{t('mls.no_picture')}</Text>}</Table.Td>
                    <Table.Td>
                      <Anchor href={`/tech_review/${l.id}`}>{l.address}</Anchor>
                      {l.app ? `, ${l.app}` : ''}, {l.city}
                    </Table.Td>
                    <Table.Td>
                      <MlsInput listingId={l.id} initial="" stored={l.mls ?? null} label={t('mls.mls_of', { id: l.id })} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': t(`mls.pager.${control}`) })} />
        </>
      )}
    </Stack>
  );
}
