import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: tech review queue and listing review screen.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'review'>['screens'] = {
  tech_review: NotAvailablePage,
  tech_review_listing: NotAvailablePage,
};
