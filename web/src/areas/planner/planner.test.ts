import { describe, expect, it } from 'vitest';
import { DISPATCH_MESSAGES } from '#shared/catalogue/planner.ts';
import { operations } from '#shared/catalogue/index.ts';
import { ALL_ROLES, PLANNER_ROLES, Role, isPlanner } from '#shared/roles.ts';
import { ROUTE, checkRoute } from '#shared/routes.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import fr from './locales/fr.json';
import { unassignedOf } from './queries.ts';

describe('planner', () => {
  it('shows the dispatch messages of part 2 §8 verbatim in French', () => {
    expect(fr.planner.dispatch_none).toBe(DISPATCH_MESSAGES.none);
    expect(fr.planner.dispatch_partial).toBe(DISPATCH_MESSAGES.partial);
  });

  it('opens for exactly the roles its operations admit', () => {
    const plannerOps = operations.filter((op) => op.area === 'planner');
    expect(plannerOps.length).toBeGreaterThan(0);
    for (const op of plannerOps) expect([...(op.access as readonly number[])].sort(), op.id).toEqual([...PLANNER_ROLES].sort());
    // The planner's screens: /shootingdashboard, and /shooting shows the planner to the same roles (brokers get their list there).
    const admitted = (access: (typeof ROUTE)[keyof typeof ROUTE]['access']) => ALL_ROLES.filter((r) => checkRoute(access, r) === 'allow');
    expect(admitted(ROUTE.shootingdashboard.access)).toEqual([...PLANNER_ROLES].sort((a, b) => a - b));
    expect(admitted(ROUTE.shooting.access).filter((r) => r !== Role.broker)).toEqual(ALL_ROLES.filter(isPlanner));
  });

  it('counts as unassigned the shootings on no technician route', () => {
    const shooting = (id: number) => ({ id }) as ShootingView;
    const left = unassignedOf([shooting(1), shooting(2), shooting(3)], [{ route: [3] }, { route: [] }, { route: [1] }]);
    expect(left.map((s) => s.id)).toEqual([2]);
  });
});
