import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { operations, handlerModulePath, kebabCase } from './index.ts';

describe('operation catalogue', () => {
  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
    expect(new Set(operations.map((op) => `${op.method} ${op.path}`)).size).toBe(operations.length);
  });

  it('has one handler file per operation', () => {
    for (const op of operations) expect(existsSync(handlerModulePath(op)), handlerModulePath(op)).toBe(true);
  });

  it('names handler files in kebab case', () => {
    expect(kebabCase('getUserFromToken')).toBe('get-user-from-token');
    expect(kebabCase('assignProdShooting')).toBe('assign-prod-shooting');
    expect(kebabCase('getHMDsByUserId')).toBe('get-hm-ds-by-user-id');
  });
});

describe('resources', () => {
  it('every operation declares the table: the handler wrapper reads sessions and writes the request log there', () => {
    for (const op of operations) expect(op.resources, op.id).toContain('table');
  });
});
