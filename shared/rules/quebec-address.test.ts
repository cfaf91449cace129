import { describe, expect, it } from 'vitest';
import { addressKey, listingAddressKey, municipalityKey, pickMatch, splitAddress, streetKey, unitKey, type AddressKey } from './quebec-address.ts';

describe('Quebec address keys', () => {
  it("reads 'St'/'Saint', 'Boul.'/'Boulevard', accents and directions as one street", () => {
    expect(streetKey('rue Saint-Paul Est')).toBe(streetKey('St-Paul E.'));
    expect(streetKey('Boul. St-Joseph O')).toBe(streetKey('boulevard Saint-Joseph Ouest'));
    expect(streetKey('Chemin de la Côte-Sainte-Catherine')).toBe(streetKey('ch. Cote-Ste-Catherine'));
    expect(streetKey('rue des Érables')).toBe(streetKey('Des Erables'));
    expect(streetKey('Main St')).toBe('main');
    expect(streetKey('rue Saint-Denis')).not.toBe(streetKey('rue Saint-Hubert'));
    expect(streetKey('rue Notre-Dame Est')).not.toBe(streetKey('rue Notre-Dame Ouest'));
    // Ordinal streets, however the ending is written.
    expect(streetKey('1re Avenue')).toBe(streetKey('1ère Av.'));
    expect(streetKey('3e Rue')).toBe(streetKey('3ième rue'));
    expect(streetKey('boulevard du 1er-Mai')).toBe(streetKey('Boul. 1ER MAI'));
    expect(streetKey('1re Avenue')).not.toBe(streetKey('2e Avenue'));
  });

  it('reads municipalities without accents, borough or Saint spelling', () => {
    expect(municipalityKey('Montréal (Ville-Marie)')).toBe(municipalityKey('MONTREAL'));
    expect(municipalityKey('St-Jérôme')).toBe(municipalityKey('Saint-Jérôme'));
    expect(municipalityKey('Québec')).not.toBe(municipalityKey('Lévis'));
  });

  it('finds the unit before or after the civic number, or in its own field', () => {
    expect(splitAddress('3-45 rue Saint-Paul Est')).toEqual({ civic: '45', street: 'rue Saint-Paul Est', unit: '3' });
    expect(splitAddress('45 rue Saint-Paul Est, app. 3')).toEqual({ civic: '45', street: 'rue Saint-Paul Est', unit: '3' });
    expect(splitAddress('45 rue Saint-Paul Est #3')).toEqual({ civic: '45', street: 'rue Saint-Paul Est', unit: '3' });
    expect(splitAddress('45A, rue X', '201')).toEqual({ civic: '45A', street: 'rue X', unit: '201' });
    expect(unitKey('App. 03')).toBe('3');
    expect(listingAddressKey({ address: '3-45 rue St-Paul E', city: 'Quebec' })).toEqual(listingAddressKey({ address: '45 rue Saint-Paul Est, app 3', city: 'Québec' }));
  });
});

describe('pickMatch', () => {
  const at = (civic: string, unit: string, mls: string) => ({ mls, key: addressKey({ civic, street: 'rue Saint-Paul Est', unit, municipality: 'Québec' }) });
  const ours = (unit: string): AddressKey => listingAddressKey({ address: `45 St-Paul E${unit ? ` app ${unit}` : ''}`, city: 'Quebec' });

  it('matches the same unit, or the only candidate', () => {
    expect(pickMatch(ours('2'), [at('45', '1', 'A'), at('45', '2', 'B')])).toEqual({ kind: 'matched', record: at('45', '2', 'B') });
    expect(pickMatch(ours(''), [at('45', '7', 'C')])).toMatchObject({ kind: 'matched', record: { mls: 'C' } });
    expect(pickMatch(ours(''), [at('45', '', 'D'), at('45', '7', 'E')])).toMatchObject({ kind: 'matched', record: { mls: 'D' } });
  });

  it('never guesses between units, and refuses another civic number or unit', () => {
    expect(pickMatch(ours(''), [at('45', '1', 'A'), at('45', '2', 'B')])).toMatchObject({ kind: 'ambiguous' });
    expect(pickMatch(ours('9'), [at('45', '1', 'A')])).toEqual({ kind: 'unmatched' });
    expect(pickMatch(ours(''), [at('47', '', 'A')])).toEqual({ kind: 'unmatched' });
  });
});
