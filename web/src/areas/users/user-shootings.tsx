import { Box, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import type { UserData } from '#shared/catalogue/users.ts';
import { Role } from '#shared/roles.ts';
import { formatDay } from '../../i18n/format.ts';
import { userQueries } from './queries.ts';

/** A capture technician's or a broker's shootings, in a 400 px box that scrolls (part 2 §9). */
export function UserShootings({ user }: { user: UserData }) {
  if (user.role === Role.tech_capture) return <ShootingBox kind="tech" id={user.id} />;
  if (user.role === Role.broker) return <ShootingBox kind="broker" id={user.id} />;
  return null;
}

function ShootingBox({ kind, id }: { kind: 'tech' | 'broker'; id: number }) {
  const { t, i18n } = useTranslation();
  const tech = useQuery({ ...userQueries.techShootings(id), enabled: kind === 'tech' });
  const broker = useQuery({ ...userQueries.brokerShootings(id), enabled: kind === 'broker' });
  const shootings = kind === 'tech' ? tech : broker;
  const title = kind === 'tech' ? 'users.tech_shootings' : 'users.broker_shootings';
  const list: ShootingView[] = shootings.data ?? [];
  return (
    <section aria-labelledby="users-shootings-title">
      <Stack maw={860} gap="xs">
        <Title order={2} size="h3" id="users-shootings-title">
          {t(title)}
        </Title>
        {shootings.isError ? (
          <Text c="red">{t('users.load_error')}</Text>
        ) : shootings.isSuccess && list.length === 0 ? (
          <Text>{t('users.no_shootings')}</Text>
        ) : (
          // A scrollable region is focusable so keyboards can scroll it (axe: scrollable-region-focusable).
          <Box tabIndex={0} role="region" aria-labelledby="users-shootings-title" style={{ maxHeight: 400, overflowY: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }} data-testid="user-shootings">
            <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.map((s) => (
                <Box component="li" key={s.id} p="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                  <Text size="sm" fw={600}>
                    {formatDay(s.scheduleddate, i18n.language)} · {t(`users.state.${s.state}`, { defaultValue: String(s.state) })}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {s.listing.address}
                    {s.listing.city ? `, ${s.listing.city}` : ''}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </section>
  );
}
