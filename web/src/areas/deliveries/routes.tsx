import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { DeliveriesPage } from './deliveries-page.tsx';
import { DeliveryPage } from './delivery-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

/** Part 1 sections 2.9 and 2.10: public delivery page and deliveries list. Loaded lazily. */
export const screens: AreaModule<'deliveries'>['screens'] = {
  deliveries: DeliveriesPage,
  delivery: DeliveryPage,
};
