import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { socialQueries } from './queries.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';

export interface PickedBroker {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  broker_facebook_business_page: { page_id: string; page_name: string } | null;
}

const brokerLabel = (b: PickedBroker) => `${b.firstname} ${b.lastname} (${b.email})`;

/** The broker search select (part 3 screen 11): the server searches names and e-mails as the user types. */
export function BrokerSearchSelect({ broker, onChange }: { broker: PickedBroker | null; onChange: (broker: PickedBroker | null) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [text] = useDebouncedValue(typed, 300);
  const showsPicked = broker !== null && typed === brokerLabel(broker);
  const search = useQuery(socialQueries.brokers(showsPicked ? '' : text));
  const results = search.data?.data ?? [];
  const options = broker && !results.some((b) => b.id === broker.id) ? [broker, ...results] : results;
  const nothingFound = !showsPicked && text.trim().length >= 2 && search.isSuccess && results.length === 0;
  return (
    <Select
      label={t('social.broker')}
      description={t('social.broker_help')}
      placeholder={t('social.broker_placeholder')}
      searchable
      clearable
      searchValue={typed}
      onSearchChange={setTyped}
      value={broker ? String(broker.id) : null}
      onChange={(id) => onChange(options.find((b) => String(b.id) === id) ?? null)}
      data={options.map((b) => ({ value: String(b.id), label: brokerLabel(b) }))}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound ? t('social.broker_none') : undefined}
      rightSection={search.isFetching ? <DelayedLoader inline size="xs" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
