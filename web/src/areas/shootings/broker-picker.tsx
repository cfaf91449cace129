import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokerChoice } from '#shared/catalogue/shootings.ts';
import { brokerQueries } from './queries.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';

const labelOf = (b: BrokerChoice) => `${b.firstname} ${b.lastname} (${b.email})`;

/**
 * The first field of an administrator's booking (docs/decisions/0117): type two letters of a
 * broker's name or e-mail and pick them; the shooting will be theirs.
 */
export function BrokerPicker({ value, onChange }: { value: BrokerChoice | null; onChange: (broker: BrokerChoice | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  // While the field shows the picked broker, nothing is searched.
  const query = useQuery(brokerQueries.search(value && search === labelOf(value) ? '' : typed));
  const found = query.data?.data ?? [];
  const brokers = value && !found.some((b) => b.id === value.id) ? [value, ...found] : found;
  const nothing = typed.trim().length >= 2 && query.isSuccess && found.length === 0;
  return (
    <Select
      label={t('shootings.broker')}
      description={t('shootings.broker_help')}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(brokers.find((b) => String(b.id) === id) ?? null)}
      data={brokers.map((b) => ({ value: String(b.id), label: labelOf(b) }))}
      filter={({ options }) => options}
      nothingFoundMessage={nothing ? t('shootings.broker_none') : undefined}
      rightSection={query.isFetching ? <DelayedLoader inline size="xs" /> : undefined}
    />
  );
}
