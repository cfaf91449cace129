import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { plannerForStaff } from '../planner/staff-route.tsx';
import { BookingPage } from './booking-page.tsx';
import { CancelPage } from './cancel-page.tsx';
import { ChangeTimePage } from './change-time-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ShootingsPage } from './shootings-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 1 sections 2.4 to 2.7: shooting list, booking wizard, change time, cancel. Loaded lazily with the first of these routes. */
export const screens: AreaModule['screens'] = {
  // Roles 1, 2, 5, 8 get the planner (lazily loaded from the planner area), brokers this list (ADR 0070).
  '/shooting': plannerForStaff(ShootingsPage),
  '/shooting/add': BookingPage,
  '/shooting/changeTime/$id': ChangeTimePage,
  '/shooting/cancel/$id': CancelPage,
};
