import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 1 section 2.8: tickets.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule['screens'] = {
  '/tickets': NotAvailablePage,
  '/tickets/add': NotAvailablePage,
  '/tickets/$id': NotAvailablePage,
};
