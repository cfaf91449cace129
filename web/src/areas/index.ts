import { routeRule, type RouteArea } from '#shared/routes.ts';
import type { AreaModule } from './screens.ts';

/**
 * The spec's areas and how to load each one's screens. Which routes an area serves is said once, by
 * each route rule's `area` (shared/routes.ts). Every area's screens are one lazily loaded chunk, so
 * the first page holds only the shell and the login (/login, of the session area, is part of it).
 */
export const AREAS = {
  shootings: { load: () => import('./shootings/routes.tsx') },
  tickets: { load: () => import('./tickets/routes.tsx') },
  deliveries: { load: () => import('./deliveries/routes.tsx') },
  planner: { load: () => import('./planner/routes.tsx') },
  users: { load: () => import('./users/routes.tsx') },
  depots: { load: () => import('./depots/routes.tsx') },
  zones: { load: () => import('./zones/routes.tsx') },
  hmd: { load: () => import('./hmd/routes.tsx') },
  injector: { load: () => import('./injector/routes.tsx') },
  schedule: { load: () => import('./schedule/routes.tsx') },
  listings: { load: () => import('./listings/routes.tsx') },
  review: { load: () => import('./review/routes.tsx') },
  mls: { load: () => import('./mls/routes.tsx') },
  offers: { load: () => import('./offers/routes.tsx') },
  social: { load: () => import('./social/routes.tsx') },
  videos: { load: () => import('./videos/routes.tsx') },
  releases: { load: () => import('./releases/routes.tsx') },
  logs: { load: () => import('./logs/routes.tsx') },
  dashboard: { load: () => import('./dashboard/routes.tsx') },
  calendar: { load: () => import('./calendar/routes.tsx') },
  visit: { load: () => import('./visit/routes.tsx') },
} satisfies { [A in Exclude<RouteArea, 'session'>]: { load: () => Promise<AreaModule<A>> } };

export type AreaName = keyof typeof AREAS;

/** The lazily loaded area serving a path (none for /login, part of the first page). */
export function areaOf(path: string): AreaName | undefined {
  const area = routeRule(path)?.area;
  return area && area !== 'session' ? area : undefined;
}
