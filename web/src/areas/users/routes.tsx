import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { UserAddPage, UserEditPage } from './user-form-page.tsx';
import { UsersListPage } from './users-list-page.tsx';

registerAreaCatalogues({ fr, en });

/** Part 2: user list and user form. Loaded lazily with the first of these routes. */
export const screens: AreaModule<'users'>['screens'] = {
  users: UsersListPage,
  users_add: UserAddPage,
  users_edit: UserEditPage,
};
