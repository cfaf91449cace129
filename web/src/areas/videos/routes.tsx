import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { VideoDashboardPage } from './video-dashboard-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 3: video job monitor. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'videos'>['screens'] = {
  video_dashboard: VideoDashboardPage,
};
