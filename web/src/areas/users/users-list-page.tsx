import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { createUser, type UserListEntry } from '#shared/catalogue/users.ts';
import { ALL_ROLES, isAdminLevel } from '#shared/roles.ts';
import { pathOf } from '#shared/routes.ts';
import { mayCall } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { filterUsers, searchIndex } from './filter.ts';
import { userQueries } from './queries.ts';

/** Users shown at once: the count says how many match; the search narrows the rest. */
export const USERS_SHOWN = 100;

/** The role filter's choice of a role: the spec's list (part 2 §2: None, SuperAdmin ... Social Medias), else the form's name. */
const roleFilterLabel = (t: TFunction, role: number) => t(`users.role_filter_${role}`, { defaultValue: t(`users.role.${role}`) });

/**
 * /users (part 2 §2 "User list and user form"): the list filtered by role (None, SuperAdmin ... Social Medias)
 * on the server and by the name search (lower case, §5) as the user types, one card per user.
 */
export function UsersListPage() {
  const { t, i18n } = useTranslation();
  const me = useSessionUser();
  const role = me?.role;
  const admin = role !== undefined && isAdminLevel(role);
  const [roleFilter, setRoleFilter] = useState(0);
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed);
  const list = useQuery(userQueries.list(roleFilter || undefined));
  const index = useMemo(() => searchIndex(list.data ?? []), [list.data]);
  const found = useMemo(() => filterUsers(index, search), [index, search]);

  return (
    <Stack>
      <Title order={1}>{t('route.users')}</Title>
      {mayCall(createUser, role) && (
        <Group>
          <Button component={Link} to={pathOf('users_add')}>
            {t('users.add')}
          </Button>
        </Group>
      )}
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('users.role_filter')}
          value={String(roleFilter)}
          onChange={(e) => setRoleFilter(Number(e.currentTarget.value))}
          data={[{ value: '0', label: t('users.role_none') }, ...ALL_ROLES.map((r) => ({ value: String(r), label: roleFilterLabel(t, r) }))]}
          style={{ flex: '1 1 12rem' }}
        />
        <TextInput label={t('users.search')} type="search" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} maxLength={100} style={{ flex: '2 1 16rem' }} />
      </Group>
      {list.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {t('users.load_error')}
        </Alert>
      ) : (
        <>
          <Text role="status" data-testid="users-count">
            {found.length > USERS_SHOWN ? t('users.count_more', { count: found.length, formatted: formatNumber(found.length, i18n.language), shown: USERS_SHOWN }) : t('users.count', { count: found.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('route.users')}>
            {found.slice(0, USERS_SHOWN).map((u) => (
              <UserCard key={u.id} user={u} opens={admin || u.id === me?.id} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/**
 * Memoized: a keystroke re-renders only the cards that enter the shown list. `opens`: the caller may
 * open the user's form (administrators anyone's, everyone else only their own; the server answers
 * 'not found' for the others), so only then is the name a link.
 */
const UserCard = memo(function UserCard({ user, opens }: { user: UserListEntry; opens: boolean }) {
  const { t } = useTranslation();
  const name = `${user.firstname} ${user.lastname}`;
  return (
    <Paper component="li" withBorder p="sm" data-testid="user-card">
      <Stack gap={4}>
        {opens ? (
          <Anchor component={Link} to={pathOf('users_edit').replace('$id', String(user.id))} fw={600}>
            {name}
          </Anchor>
        ) : (
          <Text fw={600}>{name}</Text>
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Group gap="xs">
          <Text size="sm">{t(`users.role.${user.role}`)}</Text>
          {user.franchise && (
            <Text size="sm" c="dimmed">
              {user.franchise}
            </Text>
          )}
          {user.suspended && (
            <Badge color="red" variant="light">
              {t('users.suspended_badge')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
});
