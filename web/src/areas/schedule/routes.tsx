import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ReportsPage } from './reports-page.tsx';
import { SchedulePage } from './schedule-page.tsx';

/** Part 2: technician daily schedule and capture report (docs/decisions/0165, 0166). Loaded lazily. */
registerAreaCatalogues({ fr, en });

export const screens: AreaModule<'schedule'>['screens'] = {
  schedule: SchedulePage,
  shootReports: ReportsPage,
};
