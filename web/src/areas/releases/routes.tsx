import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ReleasesPage } from './releases-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 3 screen 13: releases. Loaded lazily with its route. */
export const screens: AreaModule<'releases'>['screens'] = {
  releases: ReleasesPage,
};
