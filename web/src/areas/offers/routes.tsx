import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: service offers and shooting packages catalogue.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'offers'>['screens'] = {
  manage_services: NotAvailablePage,
  manage_shooting_packages: NotAvailablePage,
};
