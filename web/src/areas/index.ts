import type { AreaModule } from './screens.ts';

/**
 * The spec's areas and the routes (ROUTES paths) each one serves. Every area's screens
 * are one lazily loaded chunk, so the first page holds only the shell and the login.
 * /login belongs to the session area and is part of the first page.
 */
export interface Area {
  paths: readonly string[];
  load: () => Promise<AreaModule>;
}

export const AREAS = {
  shootings: { paths: ['/shooting', '/shooting/add', '/shooting/changeTime/$id', '/shooting/cancel/$id'], load: () => import('./shootings/routes.tsx') },
  tickets: { paths: ['/tickets', '/tickets/add', '/tickets/$id'], load: () => import('./tickets/routes.tsx') },
  deliveries: { paths: ['/deliveries', '/delivery/$token'], load: () => import('./deliveries/routes.tsx') },
  planner: { paths: ['/dashboard', '/shootingdashboard'], load: () => import('./planner/routes.tsx') },
  users: { paths: ['/users', '/users/add', '/users/edit/$id'], load: () => import('./users/routes.tsx') },
  depots: { paths: ['/depots', '/depots/add', '/depots/edit/$id'], load: () => import('./depots/routes.tsx') },
  zones: { paths: ['/zones'], load: () => import('./zones/routes.tsx') },
  hmd: { paths: ['/HmdList'], load: () => import('./hmd/routes.tsx') },
  injector: { paths: ['/remote_injector'], load: () => import('./injector/routes.tsx') },
  schedule: { paths: ['/schedule', '/shootReports'], load: () => import('./schedule/routes.tsx') },
  listings: { paths: ['/listings', '/ListingStats', '/badlistings'], load: () => import('./listings/routes.tsx') },
  review: { paths: ['/tech_review', '/tech_review/$listingId'], load: () => import('./review/routes.tsx') },
  mls: { paths: ['/ListingMlsMatch', '/mlsProvider', '/centris', '/centris/broker/$code'], load: () => import('./mls/routes.tsx') },
  offers: { paths: ['/manage_services', '/manage_shooting_packages'], load: () => import('./offers/routes.tsx') },
  social: { paths: ['/facebook_page_manager'], load: () => import('./social/routes.tsx') },
  videos: { paths: ['/video_dashboard'], load: () => import('./videos/routes.tsx') },
  releases: { paths: ['/releases'], load: () => import('./releases/routes.tsx') },
  logs: { paths: ['/superlog', '/SuperAnalytics'], load: () => import('./logs/routes.tsx') },
} satisfies Record<string, Area>;

export type AreaName = keyof typeof AREAS;

export function areaOf(path: string): AreaName | undefined {
  return (Object.keys(AREAS) as AreaName[]).find((name) => AREAS[name].paths.includes(path));
}
