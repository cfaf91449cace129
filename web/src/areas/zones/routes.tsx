import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ZonesPage } from './zones-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 2: the zone map and zone editor (/zones). Loaded lazily with the route; the map itself loads with the first map shown. */
export const screens: AreaModule<'zones'>['screens'] = {
  zones: ZonesPage,
};
