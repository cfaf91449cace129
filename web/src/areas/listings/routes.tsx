import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: listing search, virtual-visit report, bad-listing audit.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'listings'>['screens'] = {
  listings: NotAvailablePage,
  ListingStats: NotAvailablePage,
  badlistings: NotAvailablePage,
};
