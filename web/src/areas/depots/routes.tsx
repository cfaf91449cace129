import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 2: depots.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'depots'>['screens'] = {
  depots: NotAvailablePage,
  depots_add: NotAvailablePage,
  depots_edit: NotAvailablePage,
};
