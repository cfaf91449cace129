import { Alert, Button, Checkbox, Group, List, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isProtectedOffer, type CatalogueHolders } from '#shared/catalogue/offers.ts';
import { CATALOGUE_MESSAGES } from '#shared/entities/catalogue-fields.ts';
import { isApiError } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatMoney, languageOf } from '../../i18n/format.ts';
import { blankValues, messageKey, messageText, toInput, unsavedChanges, validate, valuesOf, type FieldErrors, type FieldSpec, type FormValues } from './fields.ts';
import { formSchemaOf, offerQueries, useCurrentCatalogueItem, useDeleteCatalogueItemMutation, useSaveCatalogueItemMutation, type CatalogueItem, type CatalogueKindName } from './queries.ts';

/**
 * The generic catalogue screen of part 3 screen 10 and §4: modes list, view, edit and create, view
 * switching to edit, deletion after a confirmation. Driven by a field description (fields.ts), so
 * service offers and shooting packages share it.
 */
export interface CatalogueManagerProps {
  kind: CatalogueKindName;
  titleKey: string;
  fields: readonly FieldSpec[];
  /** The item's name in the reader's language. */
  nameOf: (item: CatalogueItem, language: string) => string;
}

type Mode = { name: 'list' } | { name: 'create' } | { name: 'view' | 'edit'; id: number };

export function CatalogueManager(props: CatalogueManagerProps) {
  const [mode, setMode] = useState<Mode>({ name: 'list' });
  if (mode.name === 'list') return <CatalogueList {...props} onOpen={setMode} />;
  // A new key per item and mode: the form starts from the item's stored values.
  return <CatalogueForm key={`${mode.name}-${'id' in mode ? mode.id : 'new'}`} {...props} mode={mode} onMode={setMode} />;
}

function CatalogueList({ kind, titleKey, nameOf, onOpen }: CatalogueManagerProps & { onOpen: (mode: Mode) => void }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(offerQueries.list(kind));
  const remove = useConfirmedDelete(kind, nameOf);
  const items = query.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t(titleKey)}</Title>
        <Button onClick={() => onOpen({ name: 'create' })}>{t(`offers.${kind}.add`)}</Button>
      </Group>
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {t('offers.fetch_error', { reason: query.error.message })}
        </Alert>
      ) : items.length === 0 ? (
        <Text>{t('offers.empty')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('offers.col_name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('offers.field.price')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('offers.col_actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const name = nameOf(item, i18n.language);
              return (
                <Table.Tr key={item.id} data-key={item.key_name}>
                  <Table.Td>
                    <Text fw={500}>{name}</Text>
                    <Text size="sm" c="dimmed">
                      {item.key_name}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatMoney(Number(item.price), i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="compact-sm" variant="default" onClick={() => onOpen({ name: 'view', id: item.id })} aria-label={t('offers.view_named', { name })}>
                        {t('offers.view')}
                      </Button>
                      <Button size="compact-sm" variant="default" onClick={() => onOpen({ name: 'edit', id: item.id })} aria-label={t('offers.edit_named', { name })}>
                        {t('offers.edit')}
                      </Button>
                      <Button size="compact-sm" variant="outline" color="red" onClick={() => void remove(item)} aria-label={t('offers.delete_named', { name })}>
                        {t('offers.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Asks for confirmation, deletes, and says why a deletion failed (the holders on a 409). */
function useConfirmedDelete(kind: CatalogueKindName, nameOf: CatalogueManagerProps['nameOf']) {
  const { t, i18n } = useTranslation();
  const alert = useAlert();
  const mutation = useDeleteCatalogueItemMutation(kind);
  return async (item: CatalogueItem): Promise<boolean> => {
    const name = nameOf(item, i18n.language);
    const confirmed = await alert({ title: t('offers.delete_title'), text: t('offers.delete_confirm', { name }), okLabel: t('offers.delete'), cancel: true });
    if (!confirmed) return false;
    try {
      await mutation.mutateAsync(item);
      return true;
    } catch (error) {
      if (isApiError(error, 401)) return false;
      await alert({
        title: t('offers.delete_failed_title'),
        text: (
          <>
            {t(`offers.${kind}.delete_failed`, { name })}
            {isApiError(error, 409) && <Holders holders={error.details as CatalogueHolders | undefined} />}
            {/* An offer the application relies on (ADR 0615): the reason, in the reader's language. */}
            {isApiError(error, 422) && (
              <Text component="span" display="block" mt="xs">
                {messageText(t, error.message)}
              </Text>
            )}
          </>
        ),
      });
      return false;
    }
  };
}

function Holders({ holders }: { holders: CatalogueHolders | undefined }) {
  const { t, i18n } = useTranslation();
  if (!holders) return null;
  const sections: Array<[string, string[]]> = [
    [t('offers.held_by_packages'), holders.packages.map((p) => (languageOf(i18n.language) === 'fr' ? p.display_name_fr : p.display_name_en))],
    [t('offers.held_by_users'), holders.users.map((u) => `${u.firstname} ${u.lastname}`)],
  ];
  return (
    <>
      {sections
        .filter(([, names]) => names.length > 0)
        .map(([label, names]) => (
          <Text key={label} component="span" display="block" mt="xs">
            {label} {names.join(', ')}
          </Text>
        ))}
    </>
  );
}

function CatalogueForm({ kind, titleKey, fields, nameOf, mode, onMode }: CatalogueManagerProps & { mode: Exclude<Mode, { name: 'list' }>; onMode: (mode: Mode) => void }) {
  const { t, i18n } = useTranslation();
  const alert = useAlert();
  const query = useQuery(offerQueries.list(kind));
  // A package's included offers are named, not numbered, in the list of values not saved.
  const offers = useQuery({ ...offerQueries.serviceOffers(), enabled: fields.some((f) => f.kind === 'offers') });
  const offerName = (id: number) => {
    const offer = offers.data?.find((o) => o.id === id);
    return offer ? offerLabel(offer, i18n.language) : String(id);
  };
  const listed = 'id' in mode ? query.data?.find((candidate) => candidate.id === mode.id) : undefined;
  // The item the form's values come from, fixed when the form opens (or when its first value is
  // typed, if the list was still loading): a save sends its version, so a change another admin made
  // meanwhile answers 409 instead of being overwritten (ADR 0133), whatever the list refetched since
  // (window focus, a failed save). View mode shows the list's item as it is now.
  const [opened, setOpened] = useState<CatalogueItem | undefined>(listed);
  const [values, setValues] = useState<FormValues | undefined>(() => (mode.name === 'create' ? blankValues(fields) : listed ? valuesOf(fields, listed) : undefined));
  const [errors, setErrors] = useState<FieldErrors>({});
  // After a 'changed meanwhile' refusal: the form shows the stored values; these are the admin's, not saved.
  const [unsaved, setUnsaved] = useState<Array<[FieldSpec, unknown]>>();
  const [gone, setGone] = useState(false);
  const save = useSaveCatalogueItemMutation(kind);
  const currentItem = useCurrentCatalogueItem(kind);
  const remove = useConfirmedDelete(kind, nameOf);
  const readOnly = mode.name === 'view';
  const item = readOnly ? listed : (opened ?? listed);
  const back = () => onMode({ name: 'list' });

  if (query.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (mode.name !== 'create' && (!item || gone)) {
    return (
      <Stack align="flex-start">
        <Title order={1}>{t(titleKey)}</Title>
        <Alert color="red" role="alert">
          {query.isError ? t('offers.fetch_error', { reason: query.error.message }) : t('offers.not_found')}
        </Alert>
        <Button variant="default" onClick={back}>
          {t('offers.back')}
        </Button>
      </Stack>
    );
  }
  const current = values ?? valuesOf(fields, item!);
  const set = (name: string, value: unknown) => {
    if (!opened) setOpened(item);
    setValues({ ...current, [name]: value });
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  // An offer the application relies on keeps its key name (ADR 0615).
  const keyLocked = kind === 'services' && !!item && isProtectedOffer(item);

  /** Someone else changed the item: show it as stored now, with its version, and list the admin's changes it does not hold. */
  const showStored = async (typed: FormValues): Promise<'shown' | 'gone' | 'unread'> => {
    let stored: CatalogueItem | undefined;
    try {
      stored = await currentItem(item!.id);
    } catch {
      return 'unread';
    }
    if (!stored) {
      setGone(true);
      return 'gone';
    }
    setOpened(stored);
    setValues(valuesOf(fields, stored));
    setErrors({});
    setUnsaved(unsavedChanges(fields, typed, item!, stored));
    return 'shown';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(fields, current, formSchemaOf(kind));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({ ...(item ? { id: item.id, version: item.version } : {}), fields: toInput(fields, current) });
      await alert({ title: t('offers.save_title'), text: t('offers.save_ok') });
      onMode({ name: 'view', id: saved.id });
    } catch (error) {
      // The session ended: the app is on its way to /login, where no dialog of this screen belongs.
      if (isApiError(error, 401)) return;
      if (item && isApiError(error, 409) && error.message === CATALOGUE_MESSAGES.changedMeanwhile) {
        const outcome = await showStored(current);
        const reason = { shown: t('offers.changed_reloaded'), gone: t('offers.not_found'), unread: t('offers.message.changedMeanwhile') }[outcome];
        await alert({ title: t('offers.save_title'), text: `${t('offers.save_failed')} ${reason}` });
        return;
      }
      // Another administrator deleted it meanwhile: said in the reader's language, and the form gives way to 'no longer exists'.
      if (item && isApiError(error, 404)) {
        setGone(true);
        await alert({ title: t('offers.save_title'), text: `${t('offers.save_failed')} ${t('offers.not_found')}` });
        return;
      }
      if (isApiError(error) && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([name, messages]) => [name, messageKey(messages[0] ?? '')])));
      // A save answered without its data: 'Database Error' (part 3 §10); otherwise the reason in the reader's language when it is one of the catalogue's messages, else as the server wrote it.
      const noData = !(error instanceof Error) || (isApiError(error) && error.code === 'invalid_response');
      const reason = noData ? t('offers.no_data') : messageText(t, error.message);
      await alert({ title: t('offers.save_title'), text: `${t('offers.save_failed')} ${reason}` });
    }
  };

  const heading = mode.name === 'create' ? t(`offers.${kind}.create_title`) : t('offers.item_heading', { title: t(`offers.${kind}.item_title`), name: nameOf(item!, i18n.language) });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Title order={1}>{heading}</Title>
        <Group>
          <Button variant="default" onClick={back}>
            {t('offers.back')}
          </Button>
          {readOnly && item && (
            <>
              <Button onClick={() => onMode({ name: 'edit', id: item.id })}>{t('offers.edit')}</Button>
              <Button variant="outline" color="red" onClick={() => void remove(item).then((deleted) => deleted && back())}>
                {t('offers.delete')}
              </Button>
            </>
          )}
        </Group>
        {unsaved && !readOnly && (
          <Alert color="orange" role="status" data-testid="catalogue-unsaved">
            <Text size="sm">{t('offers.changed_reloaded')}</Text>
            {unsaved.length > 0 && (
              <>
                <Text size="sm" mt="xs">
                  {t('offers.unsaved_values')}
                </Text>
                <List size="sm">
                  {unsaved.map(([field, value]) => (
                    <List.Item key={field.name}>
                      {t('offers.unsaved_value', { field: t(`offers.field.${field.name}`), value: shownValue(t, field, value, offerName) })}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {item && <TextInput label={t('offers.field.id')} value={String(item.id)} readOnly />}
          {fields.map((field) => {
            const locked = keyLocked && field.name === 'key_name';
            return (
              <FieldInput
                key={field.name}
                field={field}
                value={current[field.name]}
                error={errors[field.name]}
                readOnly={readOnly || locked}
                description={locked ? t('offers.key_protected') : undefined}
                onChange={(value) => set(field.name, value)}
              />
            );
          })}
        </SimpleGrid>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('offers.save')}
            </Button>
            <Button variant="default" onClick={() => (item ? onMode({ name: 'view', id: item.id }) : back())}>
              {t('offers.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** A value as the form shows it: yes / no, an option's label, the offers' names, or the text as typed. */
function shownValue(t: TFunction, field: FieldSpec, value: unknown, offerName: (id: number) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.kind === 'boolean') return t(value ? 'offers.yes' : 'offers.no');
  if (field.kind === 'select') return t(`offers.option.${field.name}.${String(value)}`);
  if (Array.isArray(value)) return value.length ? value.map((id) => offerName(Number(id))).join(', ') : '—';
  return String(value);
}

/** A service offer as the package form names it: its name in the reader's language, and its key. */
const offerLabel = (offer: { display_name: string; display_name_fr: string; key_name: string }, language: string) => `${languageOf(language) === 'fr' ? offer.display_name_fr : offer.display_name} (${offer.key_name})`;

interface FieldInputProps {
  field: FieldSpec;
  value: unknown;
  error: string | undefined;
  readOnly: boolean;
  /** A line under the label (why a field is read-only). */
  description?: string | undefined;
  onChange: (value: unknown) => void;
}

/** One field, by its kind; every field is read-only in view mode (part 3 §5). */
function FieldInput({ field, value, error, readOnly, description, onChange }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const label = t(`offers.field.${field.name}`);
  const message: ReactNode = error ? t(`offers.message.${error}`, { defaultValue: error }) : undefined;
  const common = { label, required: field.required && !readOnly, error: message, readOnly, description };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      // '149,99' in French, where a typed '.' is the decimal point too; in English only '.' is (a ',' there groups thousands).
      return languageOf(i18n.language) === 'fr' ? (
        <NumberInput {...common} value={value as number | string} onChange={onChange} hideControls decimalSeparator="," allowedDecimalSeparators={['.', ',']} />
      ) : (
        <NumberInput {...common} value={value as number | string} onChange={onChange} hideControls />
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          disabled={readOnly}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => {
            const picked = e.currentTarget.value;
            onChange(picked === '' ? null : typeof field.options?.[0] === 'number' ? Number(picked) : picked);
          }}
          data={[{ value: '', label: t('offers.choose') }, ...(field.options ?? []).map((option) => ({ value: String(option), label: t(`offers.option.${field.name}.${option}`) }))]}
        />
      );
    case 'boolean':
      return (
        <Radio.Group {...common} value={value === null || value === undefined ? null : String(value)} onChange={(picked) => onChange(picked === 'true')}>
          <Group mt={4}>
            <Radio value="true" label={t('offers.yes')} disabled={readOnly} />
            <Radio value="false" label={t('offers.no')} disabled={readOnly} />
          </Group>
        </Radio.Group>
      );
    case 'offers':
      return <OfferChoices {...common} value={(value as number[] | undefined) ?? []} onChange={onChange} />;
  }
}

/** The multi-select of service offers (a package's included_service_offers), read from the catalogue. */
function OfferChoices({ label, required, error, readOnly, value, onChange }: { label: string; required: boolean; error: ReactNode; readOnly: boolean; value: number[]; onChange: (value: number[]) => void }) {
  const { t, i18n } = useTranslation();
  const offers = useQuery(offerQueries.serviceOffers());
  return (
    <Checkbox.Group label={label} required={required} error={error} value={value.map(String)} onChange={(picked) => onChange(picked.map(Number))}>
      {offers.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : (
        <List listStyleType="none" spacing={4} mt={4}>
          {(offers.data ?? []).map((offer) => (
            <List.Item key={offer.id}>
              <Checkbox value={String(offer.id)} disabled={readOnly} label={offerLabel(offer, i18n.language)} />
            </List.Item>
          ))}
        </List>
      )}
    </Checkbox.Group>
  );
}
