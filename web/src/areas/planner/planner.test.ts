import { describe, expect, it } from 'vitest';
import { DISPATCH_MESSAGES, assignProdShooting, dispatchShooting, getRouteFigures, recalculateShootingDistances, unassignShootingTech } from '#shared/catalogue/planner.ts';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import fr from './locales/fr.json';
import { formatDuration, unassignedOf } from './queries.ts';
import { PLANNER_ROLES } from './staff-route.tsx';

describe('planner', () => {
  it('shows the dispatch messages of part 2 §8 verbatim in French', () => {
    expect(fr.planner.dispatch_none).toBe(DISPATCH_MESSAGES.none);
    expect(fr.planner.dispatch_partial).toBe(DISPATCH_MESSAGES.partial);
  });

  it('opens for exactly the roles its operations admit', () => {
    for (const op of [dispatchShooting, getRouteFigures, recalculateShootingDistances, assignProdShooting, unassignShootingTech]) {
      expect([...(op.access as readonly number[])].sort()).toEqual([...PLANNER_ROLES].sort());
    }
  });

  it('counts as unassigned the shootings on no technician route', () => {
    const shooting = (id: number) => ({ id }) as ShootingView;
    const left = unassignedOf([shooting(1), shooting(2), shooting(3)], [{ route: [3] }, { route: [] }, { route: [1] }]);
    expect(left.map((s) => s.id)).toEqual([2]);
  });

  it('writes travel times in minutes, then hours', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(35 * 60)).toBe('35 min');
    expect(formatDuration(3900)).toBe('1 h 05');
  });
});
