import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import { CalendarPage } from './calendar-page.tsx';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

/** Part 2: the technician calendar. Loaded lazily with its route, FullCalendar included. */
export const screens: AreaModule<'calendar'>['screens'] = {
  calendar: CalendarPage,
};
