import { describe, expect, it } from 'vitest';
import { depotFields } from '#shared/catalogue/depots.ts';
import { coordinateText } from './coordinates.ts';

describe('coordinateText', () => {
  it("pre-fills the depot form in the reader's format, every digit kept, and the form's parser reads it back", () => {
    expect(coordinateText(45.501689, 'fr')).toBe('45,501689');
    expect(coordinateText(-73.567256, 'fr')).toBe('-73,567256');
    expect(coordinateText(45.501689, 'en')).toBe('45.501689');
    expect(coordinateText(46, 'fr')).toBe('46');
    for (const language of ['fr', 'en'] as const) {
      const parsed = depotFields.parse({ street: 'Rue des Pins', city: 'Granby', lat: coordinateText(45.501689, language), lng: coordinateText(-73.567256, language) });
      expect([parsed.lat, parsed.lng]).toEqual([45.501689, -73.567256]);
    }
  });
});
