import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 2: user list and user form.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule['screens'] = {
  '/users': NotAvailablePage,
  '/users/add': NotAvailablePage,
  '/users/edit/$id': NotAvailablePage,
};
