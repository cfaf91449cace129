import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 3: releases.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'releases'>['screens'] = {
  releases: NotAvailablePage,
};
