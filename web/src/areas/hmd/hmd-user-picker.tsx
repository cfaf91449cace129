import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HmdUser } from '#shared/catalogue/hmd.ts';
import { hmdQueries } from './queries.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';

export const userLabel = (user: HmdUser) => `${user.firstname} ${user.lastname} (${user.email})`;

/**
 * The user a headset is assigned to (part 2 §7 "Users search for HMD assignment"): the server
 * searches names and e-mails as the user types; clearing the field leaves the headset unassigned.
 */
export function HmdUserPicker({ user, onChange }: { user: HmdUser | null; onChange: (user: HmdUser | null) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(user ? userLabel(user) : '');
  const [text] = useDebouncedValue(typed, 250);
  const showsPicked = user !== null && typed === userLabel(user);
  const search = useQuery(hmdQueries.users(showsPicked ? '' : text));
  const results = search.data?.result ?? [];
  const options = user && !results.some((u) => u.id === user.id) ? [user, ...results] : results;
  const nothingFound = !showsPicked && text.trim().length >= 2 && search.isSuccess && results.length === 0;
  return (
    <Select
      label={t('hmd.user_label')}
      description={t('hmd.user_help')}
      searchable
      clearable
      searchValue={typed}
      onSearchChange={setTyped}
      value={user ? String(user.id) : null}
      onChange={(id) => onChange(options.find((u) => String(u.id) === id) ?? null)}
      data={options.map((u) => ({ value: String(u.id), label: userLabel(u) }))}
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound ? t('hmd.user_none') : undefined}
      rightSection={search.isFetching ? <DelayedLoader inline size="xs" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
