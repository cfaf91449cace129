import { describe, expect, it } from 'vitest';
import { DEPOT_MESSAGES, depotFields } from './depots.ts';

const base = { civic_number: '1200', street: 'Boulevard Le Corbusier', city: 'Laval' };
const parse = (lat: unknown, lng: unknown) => depotFields.safeParse({ ...base, lat, lng });

describe('depotFields lat and lng (the depot form and createDepot / updateDepot)', () => {
  it('reads a decimal comma as a decimal point, as the French list shows coordinates', () => {
    const parsed = parse('45,5017', ' -73,5673 ');
    expect(parsed.success && [parsed.data.lat, parsed.data.lng]).toEqual([45.5017, -73.5673]);
    const point = parse('45.5017', '-73.5673');
    expect(point.success && [point.data.lat, point.data.lng]).toEqual([45.5017, -73.5673]);
    const numbers = parse(45.5, -73);
    expect(numbers.success && [numbers.data.lat, numbers.data.lng]).toEqual([45.5, -73]);
  });

  it.each(['45,50,17', '45.5,1', '45,', ',5', '45 5', '1e1', '0x10', '', '  ', '45;5', '45٫5'])('refuses %j on both fields', (text) => {
    const parsed = parse(text, text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(['lat', 'lng']);
  });

  it('keeps the ranges with a comma too', () => {
    const parsed = parse('90,5', '-180,01');
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['lat', DEPOT_MESSAGES.lat],
      ['lng', DEPOT_MESSAGES.lng],
    ]);
  });
});
