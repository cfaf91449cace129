import { Alert, Group, SegmentedControl, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '#shared/catalogue/listings.ts';
import { parseListingSearch } from '#shared/rules/listing-search.ts';
import { isApiError } from '../../api/client.ts';
import { listingMessage, refusalMessage } from './messages.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay, formatNumber } from '../../i18n/format.ts';
import { ListingDialog } from './listing-dialog.tsx';
import { ListingsMap } from './listings-map.tsx';
import { listingQueries } from './queries.ts';

/** Part 3 §9: the search is sent 500 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * /listings (part 3 screen 2): the search box (sent 500 ms after typing stops, with the commands
 * 'mls:null du:{date} au:{date}'), the request's total, List / Map; a row opens the listing dialog.
 */
export function ListingsPage() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [open, setOpen] = useState<number | null>(null);
  const parsed = parseListingSearch(search);
  const result = useQuery({ ...listingQueries.search(search), enabled: parsed.ok && view === 'list' });
  const commandError = parsed.ok ? null : parsed.message;

  return (
    <Stack>
      <Title order={1}>{t('route.listings')}</Title>
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <TextInput
          label={t('listings.search')}
          description={t('listings.search_help')}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={200}
          error={commandError ? t('listings.bad_command', { message: listingMessage(t, commandError) }) : undefined}
          w={{ base: '100%', sm: 420 }}
        />
        <SegmentedControl
          aria-label={t('listings.view')}
          value={view}
          onChange={(v) => setView(v as 'list' | 'map')}
          data={[
            { value: 'list', label: t('listings.list') },
            { value: 'map', label: t('listings.map') },
          ]}
        />
      </Group>
      {view === 'map' ? (
        <ListingsMap />
      ) : result.isPending && parsed.ok ? (
        <DelayedLoader label={t('common.loading')} />
      ) : result.isError ? (
        <Alert color="red" role="alert">
          {isApiError(result.error, 400) ? refusalMessage(t, result.error) : t('listings.load_failed')}
        </Alert>
      ) : result.data ? (
        <>
          <Text role="status" data-testid="listings-total">
            {t('listings.total', { count: result.data.count, formatted: formatNumber(result.data.count, i18n.language) })}
          </Text>
          {result.data.listings.length === 0 ? <Text>{t('listings.none')}</Text> : <ListingsTable rows={result.data.listings} onOpen={setOpen} />}
        </>
      ) : null}
      {open !== null && <ListingDialog listingId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function ListingsTable({ rows, onOpen }: { rows: readonly ListingRow[]; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('listings.col.id')}</Table.Th>
            <Table.Th>{t('listings.col.address')}</Table.Th>
            <Table.Th>{t('listings.col.broker')}</Table.Th>
            <Table.Th>{t('listings.col.visitors')}</Table.Th>
            <Table.Th>{t('listings.col.visits')}</Table.Th>
            <Table.Th>{t('listings.col.completed')}</Table.Th>
            <Table.Th>{t('listings.col.duration')}</Table.Th>
            <Table.Th>{t('listings.col.shootingdate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} onClick={() => onOpen(r.id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(r.id)} aria-label={t('listings.open', { id: r.id })} td="underline">
                  {r.id}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                {r.address}
                {r.app ? `, ${r.app}` : ''}, {r.city}
              </Table.Td>
              <Table.Td>
                {r.broker.firstname} {r.broker.lastname}
              </Table.Td>
              <Table.Td>{formatNumber(r.visitor, i18n.language)}</Table.Td>
              <Table.Td>{formatNumber(r.session, i18n.language)}</Table.Td>
              <Table.Td>{formatNumber(r.completed, i18n.language)} %</Table.Td>
              <Table.Td>{t('listings.minutes', { value: formatNumber(r.average_minutes, i18n.language, { maximumFractionDigits: 1 }) })}</Table.Td>
              <Table.Td>{r.shootingdate ? formatDay(r.shootingdate, i18n.language) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
