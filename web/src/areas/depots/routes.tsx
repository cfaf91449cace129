import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { DepotAddPage, DepotEditPage } from './depot-form-page.tsx';
import { DepotsPage } from './depots-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

/** Part 2: depots (list, add, edit; administrators). Loaded lazily with the first of these routes. */
export const screens: AreaModule<'depots'>['screens'] = {
  depots: DepotsPage,
  depots_add: DepotAddPage,
  depots_edit: DepotEditPage,
};
