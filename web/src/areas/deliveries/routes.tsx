import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 1 sections 2.9 and 2.10: public delivery page and deliveries list.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule['screens'] = {
  '/deliveries': NotAvailablePage,
  '/delivery/$token': NotAvailablePage,
};
