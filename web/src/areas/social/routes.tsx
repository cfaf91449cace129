import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { SocialPageManagerPage } from './social-page-manager-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 3: social page linking. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'social'>['screens'] = {
  facebook_page_manager: SocialPageManagerPage,
};
