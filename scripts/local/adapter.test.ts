import { describe, expect, it } from 'vitest';
import { operations } from '#shared/catalogue/index.ts';
import { routeOf, routeTable } from './adapter.ts';

/** A path of the operation with every {parameter} filled by a value no literal segment has. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x-7');

describe('local adapter routes', () => {
  // Node lists a module namespace's exports by name, a bundler by declaration: the order must not matter.
  it.each([
    ['as the catalogue lists them', operations],
    ['in reverse', [...operations].reverse()],
    ['sorted by path', [...operations].sort((a, b) => a.path.localeCompare(b.path))],
  ])('sends every operation its own requests, with the operations %s', (_, ops) => {
    const table = routeTable(ops);
    const misrouted = ops.filter((op) => routeOf(table, op.method, concrete(op.path))?.op !== op).map((op) => `${op.method} ${op.path}`);
    expect(misrouted).toEqual([]);
  });

  it('answers the listing map at /api/listings/map, and a listing at /api/listings/{id}', () => {
    const table = routeTable([...operations].sort((a, b) => a.id.localeCompare(b.id)));
    expect(routeOf(table, 'GET', '/api/listings/map')?.op.id).toBe('getListingsForMap');
    expect(routeOf(table, 'GET', '/api/listings/42')?.op.id).toBe('getListing');
  });
});
