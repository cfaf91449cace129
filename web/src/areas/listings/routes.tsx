import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { BadListingsPage } from './bad-listings-page.tsx';
import { ListingStatsPage } from './listing-stats-page.tsx';
import { ListingsPage } from './listings-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

/**
 * Part 3: listing search, virtual-visit report, bad-listing audit.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'listings'>['screens'] = {
  listings: ListingsPage,
  ListingStats: ListingStatsPage,
  badlistings: BadListingsPage,
};
