import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: social page linking.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'social'>['screens'] = {
  facebook_page_manager: NotAvailablePage,
};
