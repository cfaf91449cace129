import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { TicketAddPage } from './ticket-add-page.tsx';
import { TicketPage } from './ticket-page.tsx';
import { TicketsPage } from './tickets-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 1 section 2.8: tickets (list, creation form, detail). Loaded lazily with the first of these routes. */
export const screens: AreaModule<'tickets'>['screens'] = {
  tickets: TicketsPage,
  tickets_add: TicketAddPage,
  ticket: TicketPage,
};
