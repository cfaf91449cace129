import { describe, expect, it } from 'vitest';
import { matchesDepot } from './queries.ts';

describe('depot search (part 2 §5: lower case against the typed text)', () => {
  const depot = { civic_number: '3030', street: 'Boulevard Le Carrefour' };
  it('finds a depot by street or civic number, case ignored, surrounding spaces ignored', () => {
    expect(matchesDepot(depot, 'le carrefour')).toBe(true);
    expect(matchesDepot(depot, '  BOULEVARD ')).toBe(true);
    expect(matchesDepot(depot, '303')).toBe(true);
    expect(matchesDepot(depot, '')).toBe(true);
  });
  it('ignores accents either way', () => {
    expect(matchesDepot({ civic_number: '12', street: 'Rue Émile-Côté' }, 'emile-cote')).toBe(true);
    expect(matchesDepot(depot, 'carréfour')).toBe(true);
  });
  it('does not match the city or another text', () => {
    expect(matchesDepot(depot, 'laval')).toBe(false);
    expect(matchesDepot(depot, '4040')).toBe(false);
  });
});
