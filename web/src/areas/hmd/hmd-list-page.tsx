import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HMD_SERIAL_MAX, HMD_SORT_COLUMNS, registerHmd, type HmdSortColumn, type HmdView } from '#shared/catalogue/hmd.ts';
import { isApiError } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { said, words, type Said } from '../../i18n/said.ts';
import { HmdEditDialog, type HmdEdit } from './hmd-edit-dialog.tsx';
import { HmdTable, type HmdActions } from './hmd-table.tsx';
import { hmdQueries, useDeleteHmdMutation, useEditHmdMutation, useRegisterHmdMutation, useUnassignHmdMutation } from './queries.ts';

/**
 * /HmdList (part 2 §2 "Head-mounted devices"): register a headset by serial number, then a
 * searchable table sorted by serial number ascending (any column either way), with edit (user,
 * notes), unassign and delete (only when unassigned, after a confirmation).
 */
export function HmdListPage() {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [sort, setSort] = useState<HmdSortColumn>('serial_number');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const list = useQuery(hmdQueries.list({ search, sort, direction }));
  const [editing, setEditing] = useState<HmdView | null>(null);
  const [done, setDone] = useState<Said | null>(null);
  const edit = useEditHmdMutation();
  const unassign = useUnassignHmdMutation();
  const remove = useDeleteHmdMutation();
  // The headsets whose call is pending (their row's actions are disabled): the ref answers at once,
  // before the re-render, so a double click cannot start a second call.
  const pending = useRef(new Set<number>());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const whileBusy = async (hmd: HmdView, call: () => Promise<unknown>) => {
    if (pending.current.has(hmd.id)) return;
    pending.current.add(hmd.id);
    setBusy(new Set(pending.current));
    try {
      await call();
    } finally {
      pending.current.delete(hmd.id);
      setBusy(new Set(pending.current));
    }
  };

  // A failed list says so once (part 2 §8: alert "Une erreur c'est produite.").
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) void showAlert({ title: t('hmd.error_title'), text: t('hmd.error') });
  }, [failedAt, showAlert, t]);

  /** A 409 means someone else changed the headset: the list is reloaded; anything else is the spec's error alert. */
  const failed = (error: unknown) =>
    void showAlert({ title: t('hmd.error_title'), text: isApiError(error, 409) ? t('hmd.changed_meanwhile') : t('hmd.error') });

  const sortBy = (column: HmdSortColumn) => {
    setDirection(column === sort && direction === 'asc' ? 'desc' : 'asc');
    setSort(column);
  };

  // Each call settles once the list has reloaded (the mutations' onSettled), so a row is not
  // clickable again while it still shows the state from before the call.
  const save = (hmd: HmdView, changes: HmdEdit) =>
    void whileBusy(hmd, () =>
      edit
        .mutateAsync({ id: hmd.id, version: hmd.version, ...changes })
        .then(() => setDone(said('hmd.saved', { serial: hmd.serial_number })), failed)
        .finally(() => setEditing(null)),
    );

  const actions: HmdActions = {
    edit: (hmd) => {
      setDone(null);
      setEditing(hmd);
    },
    unassign: (hmd) =>
      void whileBusy(hmd, () =>
        unassign.mutateAsync({ serial_number: hmd.serial_number, version: hmd.version }).then(() => setDone(said('hmd.unassigned_done', { serial: hmd.serial_number })), failed),
      ),
    delete: (hmd) =>
      whileBusy(hmd, async () => {
        setDone(null);
        if (hmd.user_id !== null) {
          const user = hmd.user ? `${hmd.user.firstname} ${hmd.user.lastname}` : `#${hmd.user_id}`;
          await showAlert({ title: t('hmd.delete_blocked_title'), text: t('hmd.delete_blocked', { serial: hmd.serial_number, user }) });
          return;
        }
        const confirmed = await showAlert({ title: t('hmd.delete_title'), text: t('hmd.delete_confirm', { serial: hmd.serial_number }), okLabel: t('hmd.delete'), cancel: true });
        if (confirmed) await remove.mutateAsync({ id: hmd.id, version: hmd.version }).then(() => setDone(said('hmd.deleted', { serial: hmd.serial_number })), failed);
      }),
  };

  const hmds = list.data?.result ?? [];
  return (
    <Stack>
      <Title order={1}>{t('route.HmdList')}</Title>
      <RegisterForm onRegistered={() => setDone(null)} />
      <section aria-labelledby="hmd-list-title">
        <Stack>
          <Title order={2} size="h3" id="hmd-list-title">
            {t('hmd.list_title')}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('hmd.search')}
              description={t('hmd.search_help')}
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 16rem' }}
            />
            <NativeSelect
              label={t('hmd.sort_by')}
              value={sort}
              onChange={(e) => setSort(e.currentTarget.value as HmdSortColumn)}
              data={HMD_SORT_COLUMNS.map((column) => ({ value: column, label: t(`hmd.col.${column}`) }))}
            />
            <NativeSelect
              label={t('hmd.direction')}
              value={direction}
              onChange={(e) => setDirection(e.currentTarget.value as 'asc' | 'desc')}
              data={[
                { value: 'asc', label: t('hmd.asc') },
                { value: 'desc', label: t('hmd.desc') },
              ]}
            />
          </Group>
          {done && (
            <Alert color="green" role="status">
              {words(t, i18n.language, done)}
            </Alert>
          )}
          {list.isError && (
            // ADR 0560: a failed list is said on the page, not shown as an empty fleet.
            <Alert color="red" role="alert">
              {t('hmd.load_failed')}
            </Alert>
          )}
          {list.isPending ? (
            <DelayedLoader label={t('common.loading')} />
          ) : hmds.length === 0 ? (
            !list.isError && <Text>{search ? t('hmd.none_found') : t('hmd.none')}</Text>
          ) : (
            <HmdTable hmds={hmds} sort={sort} direction={direction} onSort={sortBy} actions={actions} busy={busy} />
          )}
        </Stack>
      </section>
      {editing && <HmdEditDialog hmd={editing} busy={edit.isPending} onSave={(changes) => save(editing, changes)} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Register by serial number; the field is checked with the catalogue's own schema before sending. */
function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const register = useRegisterHmdMutation();
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<Said | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerHmd.input.shape.serial_number.safeParse(serial);
    if (!parsed.success) {
      setError(serial.trim() ? said('hmd.serial_invalid', { max: HMD_SERIAL_MAX }) : said('hmd.serial_required'));
      return;
    }
    setError(null);
    onRegistered();
    register.mutate(parsed.data, {
      onSuccess: () => setSerial(''),
      // Part 2 §8: a failed add shows an alert with the message.
      onError: (failure) =>
        void showAlert({
          title: t('hmd.add_failed_title'),
          text: isApiError(failure, 409) ? t('hmd.duplicate') : isApiError(failure, 400) ? t('hmd.serial_invalid', { max: HMD_SERIAL_MAX }) : failure.message,
        }),
    });
  };

  return (
    <section aria-labelledby="hmd-register-title">
      <Title order={2} size="h3" id="hmd-register-title" mb="xs">
        {t('hmd.register_title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('hmd.serial_number')}
            required
            value={serial}
            onChange={(e) => setSerial(e.currentTarget.value)}
            error={error && words(t, i18n.language, error)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" loading={register.isPending} mt={26}>
            {t('hmd.register')}
          </Button>
        </Group>
      </form>
      {register.isSuccess && (
        <Alert color="green" role="status" mt="sm">
          {t('hmd.added')}
        </Alert>
      )}
    </section>
  );
}
