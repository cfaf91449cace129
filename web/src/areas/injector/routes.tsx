import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { RemoteInjectorPage } from './remote-injector-page.tsx';

/** Part 2: remote file injection. Loaded lazily with the first of these routes. */
registerAreaCatalogues({ fr, en });

export const screens: AreaModule<'injector'>['screens'] = {
  remote_injector: RemoteInjectorPage,
};
