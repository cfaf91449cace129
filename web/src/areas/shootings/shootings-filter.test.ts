import { describe, expect, it } from 'vitest';
import { ShootingState } from '#shared/enums.ts';
import { filterOf } from './shootings-page.tsx';

describe('the shooting list filters', () => {
  it('puts cancelled and abandoned shootings apart, the others past or upcoming by their day', () => {
    const today = '2026-11-22';
    expect(filterOf({ state: ShootingState.canceled, scheduleddate: '2026-12-01' }, today)).toBe('cancelled');
    // Abandoned by the planner while still pending: it will not take place, so it is not 'upcoming'.
    expect(filterOf({ state: ShootingState.abandonned, scheduleddate: '2026-12-01' }, today)).toBe('cancelled');
    expect(filterOf({ state: ShootingState.unconfirmed, scheduleddate: '2026-11-22' }, today)).toBe('upcoming');
    expect(filterOf({ state: ShootingState.confirmed, scheduleddate: '2026-11-21' }, today)).toBe('past');
  });
});
