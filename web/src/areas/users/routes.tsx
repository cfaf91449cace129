import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 2: user list and user form.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'users'>['screens'] = {
  users: NotAvailablePage,
  users_add: NotAvailablePage,
  users_edit: NotAvailablePage,
};
