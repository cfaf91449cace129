import { NotAvailablePage } from '../../app/pages.tsx';
import type { AreaModule } from '../screens.ts';

/**
 * Part 2: technician daily schedule and capture report.
 * Loaded lazily with the first of these routes. A screen not built yet shows NotAvailablePage.
 */
export const screens: AreaModule<'schedule'>['screens'] = {
  schedule: NotAvailablePage,
  shootReports: NotAvailablePage,
};
