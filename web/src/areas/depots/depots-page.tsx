import { Alert, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOT_MESSAGES, type DepotView } from '#shared/catalogue/depots.ts';
import { pathOf } from '#shared/routes.ts';
import { isApiError } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { said, words, type Said } from '../../i18n/said.ts';
import { depotQueries, matchesDepot, useRemoveDepotMutation } from './queries.ts';

/**
 * /depots (part 2 §2 "Depots"): the depots with a search by street or civic number (lower case,
 * §5), 'Ajouter', 'Modifier' and 'Supprimer' with a confirmation dialog. A depot still named by a
 * user is not deleted: the dialog stays open with the spec's message (§8).
 */
export function DepotsPage() {
  const { t, i18n } = useTranslation();
  const list = useQuery(depotQueries.list());
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState<DepotView | null>(null);
  const [done, setDone] = useState<Said | null>(null);
  const depots = (list.data ?? []).filter((d) => matchesDepot(d, typed));

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('route.depots')}</Title>
        <Button component={Link} to={pathOf('depots_add')}>
          {t('depots.add')}
        </Button>
      </Group>
      <TextInput
        label={t('depots.search')}
        description={t('depots.search_help')}
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        maxLength={100}
        maw={420}
      />
      {done && (
        <Alert color="green" role="status">
          {words(t, i18n.language, done)}
        </Alert>
      )}
      {list.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {t('depots.load_failed')}
        </Alert>
      ) : depots.length === 0 ? (
        <Text>{typed.trim() ? t('depots.none_found') : t('depots.none')}</Text>
      ) : (
        <DepotList
          depots={depots}
          onDelete={(depot) => {
            setDone(null);
            setDeleting(depot);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          depot={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDone(said('depots.deleted', { address: addressOf(deleting) }));
            setDeleting(null);
          }}
        />
      )}
    </Stack>
  );
}

const addressOf = (d: Pick<DepotView, 'civic_number' | 'street' | 'city'>) => [[d.civic_number, d.street].filter(Boolean).join(' '), d.city].filter(Boolean).join(', ');

const PHONE_QUERY = '(max-width: 48em)';

/** A table on wide screens; one card per depot on a phone (no sideways scrolling at 390 px). */
function DepotList({ depots, onDelete }: { depots: DepotView[]; onDelete: (depot: DepotView) => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const position = (d: DepotView) => t('depots.position', { latitude: formatNumber(d.lat, i18n.language, { maximumFractionDigits: 5 }), longitude: formatNumber(d.lng, i18n.language, { maximumFractionDigits: 5 }) });
  if (phone)
    return (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('route.depots')} style={{ listStyle: 'none' }}>
        {depots.map((d) => (
          <Card component="li" key={d.id} withBorder padding="sm" data-depot={d.id}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {addressOf(d)}
            </Text>
            <Text fz="sm" c="dimmed">
              {position(d)}
            </Text>
            <RowActions depot={d} onDelete={onDelete} />
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table withTableBorder highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('depots.col.civic_number')}</Table.Th>
          <Table.Th>{t('depots.col.street')}</Table.Th>
          <Table.Th>{t('depots.col.city')}</Table.Th>
          <Table.Th>{t('depots.col.position')}</Table.Th>
          <Table.Th>{t('depots.col.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {depots.map((d) => (
          <Table.Tr key={d.id} data-depot={d.id}>
            <Table.Td>{d.civic_number}</Table.Td>
            <Table.Td>{d.street}</Table.Td>
            <Table.Td>{d.city}</Table.Td>
            <Table.Td>{position(d)}</Table.Td>
            <Table.Td>
              <RowActions depot={d} onDelete={onDelete} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RowActions({ depot, onDelete }: { depot: DepotView; onDelete: (depot: DepotView) => void }) {
  const { t } = useTranslation();
  const address = addressOf(depot);
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <Button size="compact-sm" variant="light" component={Link} to={pathOf('depots_edit').replace('$id', String(depot.id))} aria-label={t('depots.edit_of', { address })}>
        {t('depots.edit')}
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => onDelete(depot)} aria-label={t('depots.delete_of', { address })}>
        {t('depots.delete')}
      </Button>
    </Group>
  );
}

/** The delete confirmation; a refusal (still assigned, changed meanwhile) is shown in it, in red, and it stays open. */
function DeleteDialog({ depot, onClose, onDeleted }: { depot: DepotView; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveDepotMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    remove.mutate(depot, {
      onSuccess: onDeleted,
      onError: (error) =>
        setFailure(
          isApiError(error, 409) && error.message === DEPOT_MESSAGES.referenced
            ? t('depots.referenced')
            : isApiError(error, 409)
              ? t('depots.changed_meanwhile')
              : isApiError(error, 404)
                ? t('depots.not_found')
                : t('depots.error'),
        ),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('depots.delete_title')} centered>
      <Stack>
        <Text>{t('depots.delete_confirm', { address: addressOf(depot) })}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('depots.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {t('depots.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
