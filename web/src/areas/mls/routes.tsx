import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: MLS match-making and listing-data provider reports.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'mls'>['screens'] = {
  ListingMlsMatch: NotAvailablePage,
  mlsProvider: NotAvailablePage,
  centris: NotAvailablePage,
  centris_broker: NotAvailablePage,
};
