import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { MlsMatchPage } from './mls-match-page.tsx';
import { ProviderBrokerPage } from './provider-broker-page.tsx';
import { CentrisReportPage, ProviderReportPage } from './provider-report-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 3: MLS match-making and listing-data provider reports (docs/decisions/0220–0222). Loaded lazily. */
export const screens: AreaModule<'mls'>['screens'] = {
  ListingMlsMatch: MlsMatchPage,
  mlsProvider: ProviderReportPage,
  centris: CentrisReportPage,
  centris_broker: ProviderBrokerPage,
};
