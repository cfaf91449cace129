import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ReviewPage } from './review-page.tsx';
import { ReviewQueuePage } from './review-queue-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 3: tech review queue and listing review screen. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'review'>['screens'] = {
  tech_review: ReviewQueuePage,
  tech_review_listing: ReviewPage,
};
