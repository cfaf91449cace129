import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import type { AreaModule } from '../screens.ts';
import en from './locales/en.json';
import { ShootingDashboardPage } from './shooting-dashboard-page.tsx';
import fr from './locales/fr.json';

registerAreaCatalogues({ fr, en });

/**
 * Part 2: shooting planner and shooting dashboard (/dashboard is the dashboard area's). Loaded lazily with the first of these routes,
 * or by /shooting for planners (app/staff-shooting.tsx), which takes PlannerPage from here so the
 * area's texts come with it.
 */
export { PlannerPage } from './planner-page.tsx';
/** The router starts the planner's day reads with it (web/src/router.tsx, docs/decisions/0350). */
export { prefetchPlannerDay } from './queries.ts';

export const screens: AreaModule<'planner'>['screens'] = {
  shootingdashboard: ShootingDashboardPage,
};
