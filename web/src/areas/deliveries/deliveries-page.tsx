import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Role } from '#shared/roles.ts';
import { useSessionUser } from '../session/use-session.ts';
import { ListingDeliveries } from './listing-deliveries.tsx';
import { TechDeliveries } from './tech-deliveries.tsx';

const TECH_ROLES: readonly number[] = [Role.tech_capture, Role.tech_postprod, Role.tech_postprod_lead];

/** /deliveries: technicians see their shootings with pictures, everyone else a listing list (part 1 §2.10). */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack>
      <Title order={1}>{t('route.deliveries')}</Title>
      {user && (TECH_ROLES.includes(user.role) ? <TechDeliveries /> : <ListingDeliveries role={user.role} />)}
    </Stack>
  );
}
