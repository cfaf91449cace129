import { Button, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { HmdSortColumn, HmdView } from '#shared/catalogue/hmd.ts';

export interface HmdActions {
  edit: (hmd: HmdView) => void;
  unassign: (hmd: HmdView) => void;
  delete: (hmd: HmdView) => void | Promise<void>;
}

interface HmdTableProps {
  hmds: readonly HmdView[];
  sort: HmdSortColumn;
  direction: 'asc' | 'desc';
  onSort: (column: HmdSortColumn) => void;
  actions: HmdActions;
  /** The headsets (ids) whose call is pending: their row's actions are disabled until it settles. */
  busy: ReadonlySet<number>;
}

/** Columns of the wide table; on a phone each headset is a card (no sideways scrolling at 390 px). */
const COLUMNS = ['serial_number', 'user', 'city', 'postalcode', 'notes'] as const satisfies readonly HmdSortColumn[];
const PHONE_QUERY = '(max-width: 48em)';

const userOf = (hmd: HmdView) => (hmd.user ? `${hmd.user.firstname} ${hmd.user.lastname}` : hmd.user_id !== null ? `#${hmd.user_id}` : null);

export function HmdTable(props: HmdTableProps) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return phone ? <HmdCards {...props} /> : <WideTable {...props} />;
}

function WideTable({ hmds, sort, direction, onSort, actions, busy }: HmdTableProps) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((column) => (
            <Table.Th key={column} aria-sort={column === sort ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
                {t(`hmd.col.${column}`)}
                <span aria-hidden="true">{column === sort ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </UnstyledButton>
            </Table.Th>
          ))}
          <Table.Th>{t('hmd.col.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {hmds.map((hmd) => (
          <Table.Tr key={hmd.id} data-serial={hmd.serial_number}>
            <Table.Td fw={500}>{hmd.serial_number}</Table.Td>
            <Table.Td>{userOf(hmd) ?? <Text c="dimmed" fz="sm">{t('hmd.unassigned')}</Text>}</Table.Td>
            <Table.Td>{hmd.city}</Table.Td>
            <Table.Td>{hmd.postalcode}</Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-line' }}>{hmd.notes}</Table.Td>
            <Table.Td>
              <RowActions hmd={hmd} actions={actions} busy={busy.has(hmd.id)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function HmdCards({ hmds, actions, busy }: HmdTableProps) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('hmd.list_title')} style={{ listStyle: 'none' }}>
      {hmds.map((hmd) => (
        <Card component="li" key={hmd.id} withBorder padding="sm" data-serial={hmd.serial_number}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hmd.serial_number}
          </Text>
          <Text fz="sm" c={hmd.user_id === null ? 'dimmed' : undefined}>
            {t('hmd.card_user', { user: userOf(hmd) ?? t('hmd.unassigned') })}
          </Text>
          {(hmd.city || hmd.postalcode) && <Text fz="sm">{[hmd.city, hmd.postalcode].filter(Boolean).join(', ')}</Text>}
          {hmd.notes && (
            <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {hmd.notes}
            </Text>
          )}
          <RowActions hmd={hmd} actions={actions} busy={busy.has(hmd.id)} />
        </Card>
      ))}
    </Stack>
  );
}

/** A row's actions; while one of its calls is pending they are disabled, so a double click sends one call (the second would answer 409 on the version). */
function RowActions({ hmd, actions, busy }: { hmd: HmdView; actions: HmdActions; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mt={4} wrap="wrap" aria-busy={busy || undefined}>
      <Button size="compact-sm" variant="light" disabled={busy} onClick={() => actions.edit(hmd)}>
        {t('hmd.edit')}
      </Button>
      {hmd.user_id !== null && (
        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => actions.unassign(hmd)}>
          {t('hmd.unassign')}
        </Button>
      )}
      <Button size="compact-sm" variant="light" color="red" disabled={busy} onClick={() => void actions.delete(hmd)}>
        {t('hmd.delete')}
      </Button>
    </Group>
  );
}
