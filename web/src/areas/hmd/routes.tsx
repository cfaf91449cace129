import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { HmdListPage } from './hmd-list-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

/** Part 2: head-mounted devices (VR headsets). Loaded lazily with the first of these routes. */
export const screens: AreaModule<'hmd'>['screens'] = {
  HmdList: HmdListPage,
};
