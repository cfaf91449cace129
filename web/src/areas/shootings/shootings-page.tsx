import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_LIST_DAYS_BACK, cancelShooting, createShooting, updateShootingTime, type ShootingView } from '#shared/catalogue/shootings.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { ShootingState } from '#shared/enums.ts';
import { Role } from '#shared/roles.ts';
import { mayCall } from '../../api/client.ts';
import { useSessionUser } from '../session/use-session.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDateTime, formatDay, formatNumber } from '../../i18n/format.ts';
import { shootingQueries } from './queries.ts';
import { isPendingConfirmation } from '#shared/rules/pending.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

/** The broker's three views of their shootings (docs/decisions/0116); upcoming first. */
export const SHOOTING_FILTERS = ['upcoming', 'past', 'cancelled'] as const;
export type ShootingFilter = (typeof SHOOTING_FILTERS)[number];

/** Shootings that will not take place: cancelled, or abandoned by the planner. */
const CALLED_OFF: ReadonlySet<number> = new Set([ShootingState.canceled, ShootingState.abandonned]);

/** Which view a shooting belongs to: cancelled or abandoned ones apart, the others by their Quebec day against today. */
export function filterOf(s: Pick<ShootingView, 'state' | 'scheduleddate'>, today: string): ShootingFilter {
  if (CALLED_OFF.has(s.state)) return 'cancelled';
  return s.scheduleddate < today ? 'past' : 'upcoming';
}

/**
 * /shooting, part 1 §2.4: the user's shootings (a broker's own, every one for staff), filtered to
 * upcoming (default), past or cancelled. Pending ones show the day with morning or afternoon,
 * confirmed ones the exact date and time; only pending ones offer change-time and cancel. The header
 * button goes to /shooting/add: brokers book for themselves, admin levels for a broker they pick
 * (docs/decisions/0117); other staff have no button.
 */
/** Phones (up to 36em, the breakpoint of small-screens.css). */
const PHONE_QUERY = '(max-width: 36em)';

export function ShootingsPage() {
  const { t, i18n } = useTranslation();
  const role = useSessionUser()?.role;
  const query = useQuery(shootingQueries.list());
  // On a phone the status and the actions go under the address: four columns do not fit 390 px
  // without breaking words in the middle ('CONFIRM / ATION').
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [filter, setFilter] = useState<ShootingFilter>('upcoming');
  // Load failures stop silently and the list shows empty (part 1 §8).
  const today = localDateOf(Date.now());
  const all = query.data?.data ?? [];
  const shootings = all.filter((s) => filterOf(s, today) === filter);
  // Past ones newest first; the others in date order as the server gives them.
  if (filter === 'past') shootings.reverse();
  const mayBook = mayCall(createShooting, role);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('route.shooting')}</Title>
        {mayBook && (
          <Button component={Link} to="/shooting/add">
            {t('route.shooting_add')}
          </Button>
        )}
      </Group>
      <SegmentedControl
        aria-label={t('shootings.filter_label')}
        value={filter}
        onChange={(v) => setFilter(v as ShootingFilter)}
        data={SHOOTING_FILTERS.map((f) => ({ value: f, label: `${t(`shootings.filter.${f}`)} (${formatNumber(all.filter((s) => filterOf(s, today) === f).length, i18n.language)})` }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {role !== undefined && role !== Role.broker && role !== Role.tech_capture && (
        // Staff see every broker's shootings, from a week back only: the past count is not a history.
        <Text size="sm" c="dimmed">
          {t('shootings.staff_window', { count: STAFF_LIST_DAYS_BACK })}
        </Text>
      )}
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : shootings.length === 0 ? (
        <Text>{t(`shootings.none_${filter}`)}</Text>
      ) : (
        <Table withTableBorder highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shootings.col_address')}</Table.Th>
              <Table.Th>{t('shootings.col_date')}</Table.Th>
              {!phone && <Table.Th>{t('shootings.col_status')}</Table.Th>}
              {!phone && <Table.Th>{t('shootings.col_actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shootings.map((s) => (
              <ShootingRow key={s.id} shooting={s} phone={phone} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function ShootingRow({ shooting: s, phone }: { shooting: ShootingView; phone: boolean }) {
  const { t, i18n } = useTranslation();
  const role = useSessionUser()?.role;
  // The owner broker changes the time or cancels; admin levels may cancel (with a reason), docs/decisions/0051.
  const mayChange = mayCall(updateShootingTime, role);
  const mayCancel = mayCall(cancelShooting, role);
  const pending = isPendingConfirmation(s);
  const calledOff = CALLED_OFF.has(s.state);
  const when = s.is_confirmed && s.starttime ? formatDateTime(s.starttime, i18n.language) : `${formatDay(s.date_in_ts, i18n.language)}, ${t(s.am ? 'shootings.morning' : 'shootings.afternoon')}`;
  const address = [s.listing.address, unitLabel(s.listing.app), s.listing.city].filter(Boolean).join(', ');
  const status = s.state === ShootingState.canceled ? (
    <Badge color="gray">{t('shootings.status_cancelled')}</Badge>
  ) : s.state === ShootingState.abandonned ? (
    <Badge color="gray">{t('shootings.status_abandoned')}</Badge>
  ) : s.is_confirmed ? (
    <Badge color="green">{t('shootings.status_confirmed')}</Badge>
  ) : (
    <Badge color="yellow">{t('shootings.status_pending')}</Badge>
  );
  const actions = pending && (
    <Group gap="sm">
      {mayChange && (
        <Anchor component={Link} to={`/shooting/changeTime/${s.id}`}>
          {t('shootings.change_time')}
        </Anchor>
      )}
      {mayCancel && (
        <Anchor component={Link} to={`/shooting/cancel/${s.id}`} c="red">
          {t('shootings.cancel')}
        </Anchor>
      )}
    </Group>
  );
  return (
    <Table.Tr data-shooting-id={s.id} style={calledOff ? { color: 'var(--mantine-color-dimmed)' } : undefined}>
      <Table.Td>
        {address}
        {role !== Role.broker && <Text size="sm">{t('shootings.broker_line', { name: `${s.listing.broker.firstname} ${s.listing.broker.lastname}` })}</Text>}
        {phone && (
          <Stack gap={6} mt={6} align="flex-start">
            {status}
            {actions}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>{when}</Table.Td>
      {!phone && <Table.Td>{status}</Table.Td>}
      {!phone && <Table.Td>{actions}</Table.Td>}
    </Table.Tr>
  );
}
