import { Alert, Anchor, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { mlsQueries } from './queries.ts';

/** /centris/broker/{code} (screen 9): the provider broker and the provider's listings naming them. */
export function ProviderBrokerPage() {
  const { t } = useTranslation();
  const { code } = useParams({ strict: false }) as { code: string };
  const broker = useQuery(mlsQueries.broker(code));
  const [asc, setAsc] = useState(true);
  if (broker.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (broker.isError) return <Alert color="red">{t('provider.broker_not_found')}</Alert>;
  const b = broker.data.broker;
  const listings = [...broker.data.listings].sort((x, y) => (asc ? 1 : -1) * x.mls.localeCompare(y.mls));
  const fields: [string, string][] = [
    ['code', b.code],
    ['franchise', b.franchise],
    ['banner', b.banner],
    ['email', b.email],
    ['fax', b.fax],
    ['language', t(`provider.language.${b.language}`, { defaultValue: b.language })],
    ['phone', b.main_phone],
    ['company', b.societe],
    ['description', b.societe_description_fr],
    ['website', b.website],
  ];
  return (
    <Stack>
      <Title order={1}>
        {b.firstname} {b.lastname}
      </Title>
      <Stack gap={4}>
        {fields.map(([key, value]) => (
          <Group key={key} gap="xs">
            <Text fw={600}>{t('common.fact_label', { label: t(`provider.field.${key}`) })}</Text>
            {key === 'website' && value ? (
              <Anchor href={value} target="_blank" rel="noopener">
                {value}
              </Anchor>
            ) : (
              <Text>{value || '—'}</Text>
            )}
          </Group>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={700}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th aria-sort={asc ? 'ascending' : 'descending'}>
                <UnstyledButton fw={600} fz="sm" onClick={() => setAsc(!asc)}>
                  {t('provider.col.mls')} {asc ? '▲' : '▼'}
                </UnstyledButton>
              </Table.Th>
              <Table.Th>{t('provider.col.address')}</Table.Th>
              <Table.Th>{t('provider.col.others')}</Table.Th>
              <Table.Th>{t('provider.col.description')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {listings.map((l) => (
              <Table.Tr key={l.mls}>
                <Table.Td>{l.mls}</Table.Td>
                <Table.Td>
                  {l.civic_number_start} {l.street}
                  {l.appartement ? `, ${l.appartement}` : ''}, {l.municipality}
                </Table.Td>
                <Table.Td>
                  {l.brokers.map((other, i) =>
                    other && other !== b.code ? (
                      <div key={other}>
                        <Anchor href={`/centris/broker/${encodeURIComponent(other)}`} target="_blank" rel="noopener">
                          {l.brokerNames[i] ?? other}
                        </Anchor>
                      </div>
                    ) : null,
                  )}
                </Table.Td>
                <Table.Td>
                  {l.url_description ? (
                    <Anchor href={l.url_description} target="_blank" rel="noopener noreferrer">
                      {t('provider.description_link', { mls: l.mls })}
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
