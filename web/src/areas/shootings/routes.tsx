import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 1 sections 2.4 to 2.7: shooting list, booking wizard, change time, cancel.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule['screens'] = {
  '/shooting': NotAvailablePage,
  '/shooting/add': NotAvailablePage,
  '/shooting/changeTime/$id': NotAvailablePage,
  '/shooting/cancel/$id': NotAvailablePage,
};
