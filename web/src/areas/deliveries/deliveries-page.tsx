import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getTechDeliveries } from '#shared/catalogue/deliveries.ts';
import { Role } from '#shared/roles.ts';
import { mayCall } from '../../api/client.ts';
import { useSessionUser } from '../session/use-session.ts';
import { ListingDeliveries } from './listing-deliveries.tsx';
import { TechDeliveries } from './tech-deliveries.tsx';

/** /deliveries: technicians (who may call getTechDeliveries) see their shootings with pictures, everyone else a listing list (part 1 §2.10). */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('route.deliveries')}</Title>
        {user?.role === Role.broker && <BrokerShortcuts />}
      </Group>
      {user && (mayCall(getTechDeliveries, user.role) ? <TechDeliveries /> : <ListingDeliveries role={user.role} />)}
    </Stack>
  );
}

/**
 * The broker's side menu is deliveries only (part 1 §2.3), so their other screens are reached
 * from here: their shootings, booking a new one, and their tickets (docs/decisions/0064).
 */
function BrokerShortcuts() {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button component={Link} to="/shooting/add">
        {t('deliveries.book_shooting')}
      </Button>
      <Button component={Link} to="/shooting" variant="default">
        {t('deliveries.my_shootings')}
      </Button>
      <Button component={Link} to="/tickets" variant="default">
        {t('deliveries.my_tickets')}
      </Button>
    </Group>
  );
}
