import { Alert, Button, Group, SegmentedControl, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_PAGE_ALL, type ListingRow } from '#shared/catalogue/listings.ts';
import { parseListingSearch } from '#shared/rules/listing-search.ts';
import { isApiError } from '../../api/client.ts';
import { listingMessage, refusalMessage } from './messages.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay, formatNumber, formatPercent } from '../../i18n/format.ts';
import { ListingDialog } from './listing-dialog.tsx';
import { ListingsMap } from './listings-map.tsx';
import { listingQueries } from './queries.ts';
import { searchShown } from './search-shown.ts';

/** Part 3 §9: the search is sent 500 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * /listings (part 3 screen 2): the search box (sent 500 ms after typing stops, with the commands
 * 'mls:null du:{date} au:{date}'), the request's total, List / Map; a row opens the listing dialog.
 * The server answers the first rows only: under the table, how many of the total are shown and a
 * button to show all (loadAll, itself capped at SEARCH_PAGE_ALL); a new search starts on the first rows again.
 */
export function ListingsPage() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [open, setOpen] = useState<number | null>(null);
  // The search whose rows are all asked for: typing starts on the first page again.
  const [allOf, setAllOf] = useState<string | null>(null);
  const loadAll = allOf === search;
  const parsed = parseListingSearch(search);
  const result = useQuery({ ...listingQueries.search(search, loadAll), enabled: parsed.ok && view === 'list' });
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
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setAllOf(null);
          }}
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
      ) : !parsed.ok ? null /* A search that does not parse asks for nothing: no earlier search's rows under its error. */ : result.isPending ? (
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
          <ShownRows
            shown={result.data.listings.length}
            count={result.data.count}
            // Until the rows of loadAll arrive, the first page is still the one shown.
            loadAll={loadAll && !result.isPlaceholderData}
            loading={loadAll && result.isPlaceholderData}
            onShowAll={() => setAllOf(search)}
          />
        </>
      ) : null}
      {open !== null && <ListingDialog listingId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** Under the table: 'n of total shown', the 'show all' button, and the cap of loadAll when the total is above it. */
function ShownRows({ shown, count, loadAll, loading, onShowAll }: { shown: number; count: number; loadAll: boolean; loading: boolean; onShowAll: () => void }) {
  const { t, i18n } = useTranslation();
  const rows = searchShown(shown, count, loadAll);
  if (!rows.partial) return null;
  const total = formatNumber(count, i18n.language);
  const max = formatNumber(SEARCH_PAGE_ALL, i18n.language);
  return (
    <Group justify="space-between" wrap="wrap">
      <Stack gap={0}>
        <Text data-testid="listings-shown">{t('listings.shown', { shown: formatNumber(shown, i18n.language), total })}</Text>
        {rows.capped && loadAll && <Text c="dimmed">{t('listings.capped', { max })}</Text>}
      </Stack>
      {rows.offerAll && (
        <Button variant="light" onClick={onShowAll} loading={loading}>
          {rows.capped ? t('listings.show_first', { max, total }) : t('listings.show_all', { total })}
        </Button>
      )}
    </Group>
  );
}

/** The search's rows (exported for its unit test). */
export function ListingsTable({ rows, onOpen }: { rows: readonly ListingRow[]; onOpen: (id: number) => void }) {
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
                {/* An id is one word: never '50 / 37' on a phone. */}
                <UnstyledButton onClick={() => onOpen(r.id)} aria-label={t('listings.open', { id: r.id })} td="underline" style={{ whiteSpace: 'nowrap' }}>
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
              {/* As the dialog writes it: '12%' in English, '12 %' in French (the locale's own space). */}
              <Table.Td>{formatPercent(r.completed, i18n.language)}</Table.Td>
              <Table.Td>{t('listings.minutes', { value: formatNumber(r.average_minutes, i18n.language, { maximumFractionDigits: 1 }) })}</Table.Td>
              <Table.Td>{r.shootingdate ? formatDay(r.shootingdate, i18n.language) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
