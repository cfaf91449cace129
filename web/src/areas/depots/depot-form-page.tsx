import { Alert, Anchor, Autocomplete, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOT_MAX_LENGTH, depotFields, type DepotView } from '#shared/catalogue/depots.ts';
import { geocodeAddress } from '#shared/catalogue/shootings.ts';
import { pathOf } from '#shared/routes.ts';
import { callOperation, isApiError } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { locationQueries } from '../../app/location-queries.ts';
import { OutcomeAlert, type Outcome } from '../../app/outcome-alert.tsx';
import { said, type Said } from '../../i18n/said.ts';
import { languageOf, type Language } from '../../i18n/format.ts';
import { coordinateText } from './coordinates.ts';
import { depotQueries, useSaveDepotMutation } from './queries.ts';

/** The form's fields, as typed (the server takes lat and lng as text too: part 2 §5). */
interface Values {
  civic_number: string;
  street: string;
  city: string;
  lat: string;
  lng: string;
}
type Field = keyof Values;
const FIELDS: readonly Field[] = ['civic_number', 'street', 'city', 'lat', 'lng'];
const EMPTY: Values = { civic_number: '', street: '', city: '', lat: '', lng: '' };

const valuesOf = (d: DepotView, language: Language): Values => ({ civic_number: d.civic_number, street: d.street, city: d.city, lat: coordinateText(d.lat, language), lng: coordinateText(d.lng, language) });

/** /depots/add. */
export function DepotAddPage() {
  return <DepotForm />;
}

/** /depots/edit/{id} (digits only: the router refuses anything else). */
export function DepotEditPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id?: string };
  const depot = useQuery(depotQueries.one(Number(id)));
  if (depot.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (depot.isError)
    return (
      <Stack>
        <Title order={1}>{t('route.depots_edit')}</Title>
        <Alert color="red" role="alert">
          {isApiError(depot.error, 404) ? t('depots.not_found') : t('depots.error')}
        </Alert>
        <BackLink />
      </Stack>
    );
  return <DepotForm key={depot.data.id} depot={depot.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={pathOf('depots')}>
      {t('depots.back')}
    </Anchor>
  );
}

/**
 * The depot form (part 2 §2): civic number, street, city, lat and lng, filled from an address
 * suggestion (street number, route and locality parts) and editable. It is checked with the
 * operation's input schema before sending; the success text is green, a failure red (§8).
 */
function DepotForm({ depot }: { depot?: DepotView }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [values, setValues] = useState<Values>(depot ? valuesOf(depot, language) : EMPTY);
  const [version, setVersion] = useState(depot?.version);
  /** The fields in error (each says its own expected form). */
  const [errors, setErrors] = useState<Partial<Record<Field, boolean>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = useSaveDepotMutation();

  const set = (field: Field, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = depotFields.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues.map((issue) => issue.path[0])));
      return;
    }
    setErrors({});
    save.mutate(
      { ...(depot ? { id: depot.id, version } : {}), fields: parsed.data },
      {
        onSuccess: (saved) => {
          if (depot) {
            setVersion(saved.version);
            setValues(valuesOf(saved, language));
          } else setValues(EMPTY);
          setOutcome({ ok: true, text: said(depot ? 'depots.modified' : 'depots.added') });
        },
        onError: (error) => {
          if (isApiError(error, 400) && error.fields) setErrors(fieldErrors(Object.keys(error.fields)));
          setOutcome({ ok: false, text: failureText(error) });
        },
      },
    );
  };

  const fieldError = (field: Field) => (errors[field] ? t(`depots.field.${field}`) : undefined);
  const fieldErrors = (paths: readonly unknown[]) =>
    Object.fromEntries(FIELDS.filter((f) => paths.includes(f)).map((f) => [f, true])) as Partial<Record<Field, boolean>>;

  const failureText = (error: unknown) =>
    isApiError(error, 400) ? said('depots.invalid') : isApiError(error, 409) ? said('depots.changed_meanwhile') : isApiError(error, 404) ? said('depots.not_found') : serverFailure(error);

  // Part 2 §8 "Depot save": any other failure shows the server's message (with its status) in red.
  const serverFailure = (error: unknown): Said => (isApiError(error) && error.status > 0 ? { compose: (t) => t('depots.failed', { status: error.status, message: error.message }) } : said('depots.error'));

  return (
    <Stack maw={720}>
      <Title order={1}>{t(depot ? 'route.depots_edit' : 'route.depots_add')}</Title>
      <BackLink />
      <AddressPicker
        language={language}
        onPicked={(parts) => {
          setValues(parts);
          setErrors({});
        }}
      />
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('depots.civic_number')} value={values.civic_number} onChange={(e) => set('civic_number', e.currentTarget.value)} error={fieldError('civic_number')} maxLength={DEPOT_MAX_LENGTH.civic_number} />
            <TextInput label={t('depots.street')} required value={values.street} onChange={(e) => set('street', e.currentTarget.value)} error={fieldError('street')} maxLength={DEPOT_MAX_LENGTH.street} />
            <TextInput label={t('depots.city')} required value={values.city} onChange={(e) => set('city', e.currentTarget.value)} error={fieldError('city')} maxLength={DEPOT_MAX_LENGTH.city} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('depots.lat')} required inputMode="decimal" value={values.lat} onChange={(e) => set('lat', e.currentTarget.value)} error={fieldError('lat')} maxLength={30} />
            <TextInput label={t('depots.lng')} required inputMode="decimal" value={values.lng} onChange={(e) => set('lng', e.currentTarget.value)} error={fieldError('lng')} maxLength={30} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('depots.save')}
            </Button>
          </Group>
          <OutcomeAlert outcome={outcome} />
        </Stack>
      </form>
    </Stack>
  );
}

/** Address suggestions (the booking wizard's geocoder); a chosen one fills the five fields from its parts. */
function AddressPicker({ language, onPicked }: { language: 'fr' | 'en'; onPicked: (values: Values) => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [typed] = useDebouncedValue(address, 250);
  const suggestions = useQuery(locationQueries.suggestions(picked === address ? '' : typed, language));
  const options = suggestions.data?.suggestions ?? [];

  const pick = async (label: string) => {
    const option = options.find((o) => o.text === label);
    if (!option) return;
    setPicked(label);
    setFailed(false);
    try {
      const place = await callOperation(geocodeAddress, { place_id: option.place_id });
      onPicked({ civic_number: place.civic_number, street: place.street || place.address, city: place.city, lat: coordinateText(place.lat, language), lng: coordinateText(place.lng, language) });
    } catch {
      setFailed(true);
    }
  };

  return (
    <Stack gap="xs">
      <Autocomplete
        label={t('depots.address_search')}
        description={t('depots.address_help')}
        value={address}
        data={options.map((o) => o.text)}
        filter={({ options: all }) => all}
        rightSection={suggestions.isFetching ? <DelayedLoader inline size="xs" /> : null}
        onChange={setAddress}
        onOptionSubmit={(value) => void pick(value)}
        maxLength={200}
      />
      {picked !== address && typed.trim().length >= 3 && suggestions.isSuccess && !suggestions.isFetching && options.length === 0 && (
        <Text size="sm" role="status">
          {t('depots.address_not_found')}
        </Text>
      )}
      {failed && (
        <Alert color="red" role="alert">
          {t('depots.address_failed')}
        </Alert>
      )}
    </Stack>
  );
}
