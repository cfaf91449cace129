import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import { plannerForStaff } from '../../app/staff-shooting.tsx';
import type { AreaModule } from '../screens.ts';
import { BookingPage } from './booking-page.tsx';
import { CancelPage } from './cancel-page.tsx';
import { ChangeTimePage } from './change-time-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ShootingsPage } from './shootings-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 1 sections 2.4 to 2.7: shooting list, booking wizard, change time, cancel. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'shootings'>['screens'] = {
  // Planners get the planner (lazily loaded from the planner area, app/staff-shooting.tsx), brokers this list (ADR 0070).
  shooting: plannerForStaff(ShootingsPage),
  shooting_add: BookingPage,
  shooting_change_time: ChangeTimePage,
  shooting_cancel: CancelPage,
};
