import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { AnalyticsPage } from './analytics-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { SuperlogPage } from './superlog-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 3 screen 14: request-log viewer and analytics. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'logs'>['screens'] = {
  superlog: SuperlogPage,
  SuperAnalytics: AnalyticsPage,
};
