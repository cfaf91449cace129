import type { RouteComponent } from '@tanstack/react-router';

/** What an area's lazily loaded routes module exports: one component per route path of ROUTES. */
export interface AreaModule {
  screens: Readonly<Record<string, RouteComponent>>;
}
