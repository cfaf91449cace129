import type { RouteComponent } from '@tanstack/react-router';
import type { RouteArea, RouteNameOf } from '#shared/routes.ts';

/**
 * What an area's lazily loaded routes module exports: one component per route of the area, keyed by
 * the route's name in shared/routes.ts (a missing or foreign screen fails the typecheck).
 */
export interface AreaModule<A extends RouteArea> {
  screens: Readonly<Record<RouteNameOf<A>, RouteComponent>>;
}
