import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mlsNumber } from '#shared/catalogue/mls.ts';
import { isApiError } from '../../api/client.ts';
import { useSetMlsMutation } from './queries.ts';

/** What a refused save says, in the page's language: the number is not one (400), another user set one meanwhile (409), else it could not be saved. */
const refusalKey = (error: Error) => (isApiError(error, 400) ? 'mls.mls_invalid' : isApiError(error, 409) ? 'mls.changed_meanwhile' : 'mls.save_failed');

/**
 * A numeric MLS input with its Save MLS button (screens 6 and 7); the catalogue's schema decides what
 * may be sent. `stored` is the listing's number as the screen read it: the save holds only while it is.
 */
export function MlsInput({ listingId, initial, stored, label }: { listingId: number; initial: string; stored: string | null; label: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  /** The refusal's catalogue key. */
  const [error, setError] = useState<string | null>(null);
  const save = useSetMlsMutation();
  const submit = () => {
    const parsed = mlsNumber.safeParse(value);
    if (!parsed.success) return setError('mls.mls_invalid');
    setError(null);
    save.mutate({ listingId, mls: parsed.data, shown: stored }, { onError: (e) => setError(refusalKey(e)) });
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput aria-label={label} inputMode="numeric" pattern="[0-9]*" maxLength={10} value={value} error={error && t(error)} w={130} onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, ''))} />
      <Button onClick={submit} loading={save.isPending}>
        {t('mls.save')}
      </Button>
    </Group>
  );
}
