import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { DashboardPage } from './dashboard-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** /dashboard (any logged-in user): each role's morning panels (docs/decisions/0160). Loaded lazily. */
registerAreaCatalogues({ fr, en });

export const screens: AreaModule<'dashboard'>['screens'] = {
  dashboard: DashboardPage,
};
