import { describe, expect, it } from 'vitest';
import { FLOORS } from '../enums.ts';
import { FLOOR_LABEL_READING, floorLabel } from './floors.ts';

describe('floorLabel, part 1 reading (4 to 1 "Étage n", 0 ground floor, -1 basement, -2 common area)', () => {
  it('names every floor of FLOORS, in French and in English', () => {
    expect(FLOORS.map((f) => floorLabel(f, 'part1', 'fr'))).toEqual(['Étage 4', 'Étage 3', 'Étage 2', 'Étage 1', 'Rez-de-chaussée', 'Sous-sol', 'Aire commune']);
    expect(FLOORS.map((f) => floorLabel(f, 'part1', 'en'))).toEqual(['Floor 4', 'Floor 3', 'Floor 2', 'Floor 1', 'Ground floor', 'Basement', 'Common area']);
  });

  it('goes on with "Étage n" above floor 4; below -2 is Other', () => {
    expect(floorLabel(12, 'part1', 'fr')).toBe('Étage 12');
    expect(floorLabel(-3, 'part1', 'fr')).toBe('Autre');
    expect(floorLabel(-3, 'part1', 'en')).toBe('Other');
  });
});

describe('floorLabel, part 3 reading (0 first level / ground floor, 1 2nd level, -1 basement 1, else Other)', () => {
  it('names floors 0, 1 and -1, in French and in English', () => {
    expect([0, 1, -1].map((f) => floorLabel(f, 'part3', 'fr'))).toEqual(['Premier niveau / rez-de-chaussée', '2e niveau', 'Sous-sol 1']);
    expect([0, 1, -1].map((f) => floorLabel(f, 'part3', 'en'))).toEqual(['First level / ground floor', '2nd level', 'Basement 1']);
  });

  it('reads every other floor as Other', () => {
    expect([4, 3, 2, -2, -3].map((f) => floorLabel(f, 'part3', 'fr'))).toEqual(['Autre', 'Autre', 'Autre', 'Autre', 'Autre']);
    expect(floorLabel(2, 'part3', 'en')).toBe('Other');
  });
});

describe('floorLabel, a missing floor', () => {
  it('has no label, in either reading (the screen shows the stored floor name)', () => {
    for (const reading of ['part1', 'part3'] as const) {
      expect(floorLabel(null, reading, 'fr')).toBeUndefined();
      expect(floorLabel(undefined, reading, 'en')).toBeUndefined();
      expect(floorLabel(Number.NaN, reading, 'fr')).toBeUndefined();
      expect(floorLabel(1.5, reading, 'en')).toBeUndefined();
    }
  });
});

describe('the reading setting', () => {
  it("the review screen's floorplan panel shows part 3's reading", () => {
    expect(FLOOR_LABEL_READING.tech_review_listing).toBe('part3');
  });
});
