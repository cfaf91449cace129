import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: request-log viewer and analytics.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'logs'>['screens'] = {
  superlog: NotAvailablePage,
  SuperAnalytics: NotAvailablePage,
};
