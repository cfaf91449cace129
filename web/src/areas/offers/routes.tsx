import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import { languageOf } from '../../i18n/numbers.ts';
import type { AreaModule } from '../screens.ts';
import { CatalogueManager, type CatalogueManagerProps } from './catalogue-manager.tsx';
import { SERVICE_OFFER_FIELDS, SHOOTING_PACKAGE_FIELDS } from './fields.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

const text = (value: unknown) => String(value ?? '');
const serviceOfferName: CatalogueManagerProps['nameOf'] = (offer, language) => text(languageOf(language) === 'fr' ? offer.display_name_fr : offer.display_name);
const packageName: CatalogueManagerProps['nameOf'] = (pkg, language) => text(languageOf(language) === 'fr' ? pkg.display_name_fr : pkg.display_name_en);

function ServiceOffersPage() {
  return <CatalogueManager kind="services" titleKey="route.manage_services" fields={SERVICE_OFFER_FIELDS} nameOf={serviceOfferName} />;
}

function ShootingPackagesPage() {
  return <CatalogueManager kind="packages" titleKey="route.manage_shooting_packages" fields={SHOOTING_PACKAGE_FIELDS} nameOf={packageName} />;
}

/** Part 3 screen 10: the catalogue of service offers and shooting packages (administrators). Loaded lazily with the first of these routes. */
export const screens: AreaModule<'offers'>['screens'] = {
  manage_services: ServiceOffersPage,
  manage_shooting_packages: ShootingPackagesPage,
};
