import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { VisitPage } from './visit-page.tsx';

registerAreaCatalogues({ fr, en });

/** The public virtual-tour viewer, /visit/{listing_id} (docs/decisions/0255). Loaded lazily. */
export const screens: AreaModule<'visit'>['screens'] = {
  visit: VisitPage,
};
