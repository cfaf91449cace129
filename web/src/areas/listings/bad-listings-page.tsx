import { Alert, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MLS_LOOKBACK_MONTHS } from '#shared/catalogue/mls.ts';
import { getBadListings } from '#shared/catalogue/provider.ts';
import { callOperation } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { ListingDialog } from './listing-dialog.tsx';
import { listingQueries } from './queries.ts';

/** Under the listings' key: a listing saved in the dialog (useSaveListingMutation) reloads the audit, and its row shows the new values. */
const badListingsQuery = () =>
  queryOptions({ queryKey: [...listingQueries.all(), 'bad-listings'] as const, queryFn: ({ signal }) => callOperation(getBadListings, {}, { signal }) });

/** A value the audit lacks, in red: 'MISSING' (the provider has none) or 'NO DATA' (we have none). */
function Value({ value, empty }: { value: string | number | null; empty: 'missing' | 'no_data' }) {
  const { t } = useTranslation();
  return value === null || value === '' ? (
    <Text span c="red" fw={600}>
      {t(`badlistings.${empty}`)}
    </Text>
  ) : (
    <>{value}</>
  );
}

/** /badlistings (part 3 screen 8): the bad-listing audit; a row opens the listing dialog. */
export function BadListingsPage() {
  const { t } = useTranslation();
  const audit = useQuery(badListingsQuery());
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack>
      <Title order={1}>{t('route.badlistings')}</Title>
      <Text c="dimmed">{t('badlistings.intro', { months: MLS_LOOKBACK_MONTHS })}</Text>
      {audit.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : audit.isError ? (
        <Alert color="red">{t('badlistings.load_failed')}</Alert>
      ) : audit.data.rows.length === 0 ? (
        <Text>{t('badlistings.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={1200}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {(['listing_id', 'listing_mls', 'broker_id', 'broker_name', 'broker_code', 'address', 'provider_mls', 'provider_address'] as const).map((c) => (
                  <Table.Th key={c}>{t(`badlistings.col.${c}`)}</Table.Th>
                ))}
                {[1, 2, 3, 4].map((n) => (
                  <Table.Th key={n}>{t('badlistings.col.broker', { n })}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.rows.map((r) => (
                <Table.Tr key={r.listing_id} onClick={() => setOpen(r.listing_id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setOpen(r.listing_id)} aria-label={t('badlistings.open', { id: r.listing_id })} td="underline">
                      {r.listing_id}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{r.listing_mls}</Table.Td>
                  <Table.Td>{r.broker_id}</Table.Td>
                  <Table.Td>{r.broker_name}</Table.Td>
                  <Table.Td>
                    <Value value={r.broker_code} empty="no_data" />
                  </Table.Td>
                  <Table.Td>{r.address}</Table.Td>
                  <Table.Td>
                    <Value value={r.provider_mls} empty="missing" />
                  </Table.Td>
                  <Table.Td>
                    <Value value={r.provider_address} empty="missing" />
                  </Table.Td>
                  {r.provider_brokers.map((code, i) => (
                    <Table.Td key={i}>
                      <Value value={r.provider_mls ? (code ?? '') : null} empty={r.provider_mls ? 'no_data' : 'missing'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open !== null && <ListingDialog listingId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
