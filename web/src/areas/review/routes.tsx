import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import plannerEn from '../planner/locales/en.json';
import plannerFr from '../planner/locales/fr.json';
import videosEn from '../videos/locales/en.json';
import videosFr from '../videos/locales/fr.json';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { ReviewPage } from './review-page.tsx';
import { ReviewQueuePage } from './review-queue-page.tsx';

// The review screen mounts the planner's shooting dialog and the videos' panel: their texts ship with this chunk too.
registerAreaCatalogues({ fr: plannerFr, en: plannerEn });
registerAreaCatalogues({ fr: videosFr, en: videosEn });
registerAreaCatalogues({ fr, en });

/** Part 3: tech review queue and listing review screen. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'review'>['screens'] = {
  tech_review: ReviewQueuePage,
  tech_review_listing: ReviewPage,
};
