import type { RouteComponent } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Role } from '#shared/roles.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { useSessionUser } from '../session/use-session.ts';

/** Part 2 §2: the planner is /shooting for these roles (the catalogue's planner operations admit the same ones). */
export const PLANNER_ROLES: readonly number[] = [Role.superadmin, Role.admin, Role.tech_postprod, Role.tech_postprod_lead];

/** The planner area's chunk (texts included) loads only when a planner opens /shooting. */
const PlannerPage = lazy(() => import('./routes.tsx').then((m) => ({ default: m.PlannerPage })));

/**
 * /shooting serves two screens (docs/decisions/0051, 0070): the planner for roles 1, 2, 5, 8, and
 * `others` (the shooting list) for everyone else the route admits (brokers).
 */
export function plannerForStaff(others: RouteComponent): RouteComponent {
  const Others = others;
  return function ShootingRoute() {
    const role = useSessionUser()?.role;
    if (role === undefined) return <DelayedLoader />;
    if (!PLANNER_ROLES.includes(role)) return <Others />;
    return (
      <Suspense fallback={<DelayedLoader />}>
        <PlannerPage />
      </Suspense>
    );
  };
}
