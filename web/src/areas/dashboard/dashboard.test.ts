import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShootingState } from '#shared/enums.ts';
import { ALL_ROLES } from '#shared/roles.ts';
import { LANDING_NOT_BUILT, ROUTE, specLanding } from '#shared/routes.ts';
import en from './locales/en.json';
import { stateKey } from './queries.ts';

describe('landing while screens are being built (docs/decisions/0160)', () => {
  // When a landing screen is built, its NotAvailablePage goes and it must leave LANDING_NOT_BUILT (and vice versa).
  it('skips exactly the landing screens whose area still shows "not available yet"', () => {
    for (const name of new Set(ALL_ROLES.map(specLanding))) {
      const screens = readFileSync(join(import.meta.dirname, '..', ROUTE[name].area, 'routes.tsx'), 'utf8');
      const notBuilt = new RegExp(`\\b${name}: NotAvailablePage\\b`).test(screens);
      expect(LANDING_NOT_BUILT.has(name), name).toBe(notBuilt);
    }
  });
});

describe('dashboard texts', () => {
  it('names every shooting state', () => {
    const states = en.dashboard.state as Record<string, string>;
    for (const id of Object.values(ShootingState)) expect(states[stateKey(id).split('.').pop()!], String(id)).toBeTruthy();
  });
});
